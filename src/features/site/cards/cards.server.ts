/**
 * Share cards (`/cards/{locale}/{article|coin}/{id}.png`): the picture a link to an article or
 * a coin shows where it is shared (og:image, twitter:image). A card is drawn on the first request
 * and kept in memory, bounded in bytes (least recently used go first), with one drawing at a time
 * per card however many ask at once:
 * - an article's card is drawn again when what it shows changes (title, source, time, coins);
 * - a coin's card says "price as of" a time and is drawn again when its figures have moved
 *   (fingerprint, content.ts) and it is at least COIN_CARD_MIN_AGE_MS old.
 * Only ids that exist get a card, in the four languages: nobody can make the server draw text
 * of their choosing, and src/server/http/node/server.mjs counts card requests as expensive work (per-client
 * limit and a bounded queue) before they get here.
 */
import { CACHE } from '../../../server/http/cachePolicy.mjs';
import { createHash } from 'node:crypto';
import { isLocale, type Locale } from '../../../lib/i18n/index.ts';
import type { Db } from '../../../server/db/index.ts';
import { translator } from '../../../server/i18n/index.ts';
import { articleCard, coinCard, fingerprint, type CardContent } from './content.server.ts';
import { renderCard } from './render.server.ts';

const CARD_KINDS = ['article', 'coin'] as const;
type CardKind = (typeof CARD_KINDS)[number];

/** A coin card is kept at least this long, whatever its price does. */
export const COIN_CARD_MIN_AGE_MS = 10 * 60_000;
/** Most bytes of PNG kept (a card is 50–150 KB: a few hundred cards). */
const CARD_CACHE_BYTES = 32 * 1024 * 1024;

const CACHE_CONTROL: Record<CardKind, string> = {
  article: CACHE.articleCard,
  coin: CACHE.coinCard,
};

interface Entry {
  png: Buffer;
  etag: string;
  fingerprint: string;
  drawnAt: number;
}

/** The cards drawn so far, least recently used first. */
const kept = new Map<string, Entry>();
let keptBytes = 0;
const drawing = new Map<string, Promise<Entry>>();
/** How many cards this process has drawn (the tests read it). */
export const cardStats = { drawn: 0 };

function keep(key: string, entry: Entry): void {
  const old = kept.get(key);
  if (old) keptBytes -= old.png.length;
  kept.delete(key);
  kept.set(key, entry);
  keptBytes += entry.png.length;
  for (const [k, e] of kept) {
    if (keptBytes <= CARD_CACHE_BYTES) break;
    kept.delete(k);
    keptBytes -= e.png.length;
  }
}

/** Forgets every kept card (tests). */
export function forgetCards(): void {
  kept.clear();
  keptBytes = 0;
}

/** The kind, locale and id of a card path's parts, or null when they name no card. */
export function parseCardPath(
  locale: string,
  kind: string,
  file: string,
): { locale: Locale; kind: CardKind; id: string } | null {
  if (!isLocale(locale) || !(CARD_KINDS as readonly string[]).includes(kind)) return null;
  const m = kind === 'article' ? /^([1-9]\d{0,9})\.png$/.exec(file) : /^([a-z0-9][a-z0-9-]{0,99})\.png$/.exec(file);
  if (!m || (kind === 'article' && Number(m[1]) > 2_147_483_647)) return null;
  return { locale, kind: kind as CardKind, id: m[1]! };
}

/** The site path of a card. */
export function cardPath(locale: Locale, kind: CardKind, id: string | number): string {
  return `/cards/${locale}/${kind}/${encodeURIComponent(String(id))}.png`;
}

async function load(db: Db, kind: CardKind, id: string, locale: Locale): Promise<CardContent | null> {
  return kind === 'article' ? articleCard(db, Number(id)) : coinCard(db, id, locale);
}

function notFound(locale: Locale): Response {
  return new Response(translator(locale)('error.notFoundStatus'), {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE.minute },
  });
}

/**
 * The answer to `GET /cards/{locale}/{kind}/{file}`: the PNG with its ETag and caching, 304 for
 * a matching If-None-Match, 404 (text in the path's language, else English) for anything that
 * names no card.
 */
export async function cardResponse(
  db: Db,
  parts: { locale: string; kind: string; file: string },
  ifNoneMatch: string | null,
  now = Date.now(),
): Promise<Response> {
  const card = parseCardPath(parts.locale, parts.kind, parts.file);
  if (!card) return notFound(isLocale(parts.locale) ? parts.locale : 'en');
  const content = await load(db, card.kind, card.id, card.locale);
  if (!content) return notFound(card.locale);
  const key = `${card.locale}/${card.kind}/${card.id}`;
  const print = fingerprint(content);
  let entry = kept.get(key);
  const current =
    entry && (entry.fingerprint === print || (card.kind === 'coin' && now - entry.drawnAt < COIN_CARD_MIN_AGE_MS));
  if (entry && current) {
    keep(key, entry); // most recently used
  } else {
    let pending = drawing.get(key);
    if (!pending) {
      pending = renderCard(content, card.locale).then((png) => {
        cardStats.drawn++;
        const drawn = {
          png,
          etag: `"${createHash('sha256').update(png).digest('base64url').slice(0, 22)}"`,
          fingerprint: print,
          drawnAt: now,
        };
        keep(key, drawn);
        return drawn;
      });
      drawing.set(key, pending);
      void pending.finally(() => drawing.delete(key)).catch(() => {});
    }
    entry = await pending;
  }
  const headers = {
    ETag: entry.etag,
    'Cache-Control': CACHE_CONTROL[card.kind],
    'Last-Modified': new Date(entry.drawnAt).toUTCString(),
  };
  if (ifNoneMatch?.split(/\s*,\s*/).some((tag) => tag.replace(/^W\//, '') === entry.etag || tag === '*'))
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(entry.png), {
    status: 200,
    headers: { ...headers, 'Content-Type': 'image/png', 'Content-Length': String(entry.png.length) },
  });
}
