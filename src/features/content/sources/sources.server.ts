/**
 * What the content sources did last (for /api/health and the methodology page) and which kinds
 * of content are still the demo seeder's. The ingest may run in another process, so both are
 * read from the database: `content_sources` rows and `site_meta` keys.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { contentSources as contentSourcesTable, siteMeta } from '../../../server/db/schema/index.ts';
import { CONTENT_KINDS, contentSources, type ContentKind, type ContentSource } from './catalogue.ts';

export interface ContentSourceHealth {
  id: string;
  name: string;
  kind: ContentKind;
  locales: string[];
  homepage: string;
  licence: string;
  everyMinutes: number;
  /** idle: not asked yet (or CONTENT=off); failing: its last attempt failed. */
  status: 'ok' | 'failing' | 'idle';
  lastSuccessAt: string | null;
  lastAttemptAt: string | null;
  lastError: string | null;
  failures: number;
  lastStored: number;
}

/** The site_meta key that records a kind's first successful round (its demo content is gone). */
export const liveKindKey = (kind: ContentKind) => `content_live:${kind}`;

/** Every configured source with its last round; a broken sources file reads as no sources. */
export async function readContentHealth(db: Db): Promise<ContentSourceHealth[]> {
  let list: ContentSource[];
  try {
    list = contentSources();
  } catch {
    return [];
  }
  const rows = await db.select().from(contentSourcesTable);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return list.map((s) => {
    const r = byId.get(s.id);
    const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
    return {
      id: s.id,
      name: s.name,
      kind: s.kind,
      locales: s.locales,
      homepage: s.homepage,
      licence: s.licence,
      everyMinutes: s.everyMinutes,
      status: !r?.lastAttemptAt ? 'idle' : r.failures > 0 ? 'failing' : 'ok',
      lastSuccessAt: iso(r?.lastSuccessAt),
      lastAttemptAt: iso(r?.lastAttemptAt),
      lastError: r?.failures ? (r.lastError ?? null) : null,
      failures: r?.failures ?? 0,
      lastStored: r?.lastStored ?? 0,
    };
  });
}

/**
 * How long a kind still seen as demo is believed before the database is asked again: the lists
 * that badge demo content asked on every render (issue 25, page benchmark), and a round of another
 * process takes the badge away at most this late. A kind never goes back to demo, so a live kind
 * is remembered for good; a round of this process says so at once ({@link kindWentLive}).
 */
const DEMO_RECHECK_MS = 5_000;
const liveKnown = new WeakMap<object, { live: Set<string>; at: number }>();

/** Per kind, whether its content is still the demo seeder's (no source of that kind has succeeded). */
export async function demoKinds(db: Db): Promise<Record<ContentKind, boolean>> {
  let known = liveKnown.get(db);
  if (!known || (known.live.size < CONTENT_KINDS.length && Date.now() - known.at >= DEMO_RECHECK_MS)) {
    const at = Date.now();
    const rows = await db
      .select({ key: siteMeta.key })
      .from(siteMeta)
      .where(inArray(siteMeta.key, CONTENT_KINDS.map(liveKindKey)));
    const live = new Set([...(liveKnown.get(db)?.live ?? []), ...rows.map((r) => r.key)]);
    known = { live, at };
    liveKnown.set(db, known);
  }
  const { live } = known;
  return Object.fromEntries(CONTENT_KINDS.map((k) => [k, !live.has(liveKindKey(k))])) as Record<ContentKind, boolean>;
}

/** Tells {@link demoKinds} that a round of this process made `kind` live (its demo rows are gone). */
export function kindWentLive(db: Db, kind: ContentKind): void {
  const known = liveKnown.get(db);
  if (known) known.live.add(liveKindKey(kind));
}
