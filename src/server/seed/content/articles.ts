/**
 * Demo columnists, news articles and research reports, in English and Simplified Chinese.
 *
 * Bodies are plain text: paragraphs separated by a blank line, a line starting with "## " is a
 * subheading (see `articleBlocks` in domain/news.ts, which renders them without any HTML).
 * Ids follow publication time (oldest first), so the two soft-deleted rows have fixed ids:
 * {@link DELETED_ARTICLE_IDS}. The columnists and the templates are in data/article-texts.ts.
 */
import { eq } from 'drizzle-orm';
import { articleCoins, articles, columnists, exchanges } from '../../db/schema/index.ts';
import type { Rng } from '../random.ts';
import { bulkInsert } from '../bulk.ts';
import { usdAmount } from './amounts.ts';
import { COLUMNISTS, NEWS, RESEARCH, type Lang, type Template } from '../data/article-texts.ts';
import type { ContentSeedContext, SeedCoin, SeedExchange } from './context.ts';

/** 1-based ids of the articles seeded as removed (deletedAt set): the "removed" path. */
export const DELETED_ARTICLE_IDS = [11, 101] as const;

const NEWS_PER_LANG = 75;
const RESEARCH_PER_LANG = 20;
const DAY = 86_400_000;
const SPAN_DAYS = 60;

/** Replaces `{name}` placeholders. */
function fill(text: string, vars: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m);
}

function amount(rng: Rng, lang: Lang): string {
  const millions = Math.round(rng.logRange(5, 2_000));
  return usdAmount(millions * 1_000_000, lang);
}

/** Stablecoins make odd subjects for price stories; they are left out. */
const STABLECOINS = new Set([
  'USDT',
  'USDC',
  'DAI',
  'FDUSD',
  'TUSD',
  'USDE',
  'PYUSD',
  'BUSD',
  'USDS',
  'USDD',
  'FRAX',
  'USD1',
  'USDP',
  'GUSD',
  'LUSD',
  'EURC',
]);

/** A coin for a story, biased to the top of the market (bitcoin in roughly one story in six). */
function pickCoin(rng: Rng, pool: readonly SeedCoin[], not?: string): SeedCoin {
  return rng.weighted(
    pool.filter((c) => c.id !== not),
    (c) => 1 / (c.rank ?? pool.length) ** 0.9,
  );
}

interface Draft {
  kind: 'news' | 'research';
  lang: Lang;
  columnist: number | null;
  title: string;
  summary: string;
  body: string;
  views: number;
  publishedAt: Date;
  coins: string[];
}

/** Writes the demo rows; returns how many were written. */
export async function seedArticles(ctx: ContentSeedContext): Promise<number> {
  const rng = ctx.rng('articles');
  const { db, now } = ctx;
  const coins = ctx.coins.filter((c) => !STABLECOINS.has(c.symbol.toUpperCase())).slice(0, 60);
  if (coins.length < 2) return 0;
  // Stories about listings, deposits and order books are about centralised exchanges.
  const cex = new Set(
    (await db.select({ id: exchanges.id }).from(exchanges).where(eq(exchanges.type, 'CEX'))).map((r) => r.id),
  );
  const venues: SeedExchange[] = ctx.exchanges.filter((e) => cex.has(e.id)).slice(0, 12);
  if (venues.length === 0) return 0;

  const writerRows = await db
    .insert(columnists)
    .values(
      COLUMNISTS.map((c) => ({
        name: c.name,
        bio: c.bio,
        avatar: null,
        followers: Math.round(rng.logRange(300, 120_000)),
        createdAt: new Date(now.getTime() - rng.int(200, 1500) * DAY),
      })),
    )
    .returning({ id: columnists.id, name: columnists.name });
  const idOf = new Map(writerRows.map((r) => [r.name, r.id]));
  const writers = (lang: Lang) => COLUMNISTS.filter((c) => c.lang === lang).map((c) => idOf.get(c.name) as number);

  const drafts: Draft[] = [];
  const used = new Set<string>();
  for (const lang of ['en', 'zh'] as const) {
    const byLang = writers(lang);
    for (const [kind, count, templates] of [
      ['news', NEWS_PER_LANG, NEWS[lang]],
      ['research', RESEARCH_PER_LANG, RESEARCH[lang]],
    ] as const) {
      for (let i = 0; i < count; i++) {
        const tpl = templates[i % templates.length] as Template;
        // The same story about the same coin twice would read like a duplicate.
        const pool = tpl.small && coins.length > 20 ? coins.slice(15) : coins;
        let coin = pickCoin(rng, pool);
        for (let tries = 0; tries < 20 && used.has(`${lang}:${kind}:${i % templates.length}:${coin.id}`); tries++)
          coin = pickCoin(rng, pool);
        used.add(`${lang}:${kind}:${i % templates.length}:${coin.id}`);
        const coin2 = pickCoin(rng, pool, coin.id);
        const vars = {
          coin: coin.name,
          sym: coin.symbol,
          coin2: coin2.name,
          sym2: coin2.symbol,
          pct: rng.range(1.5, 18).toFixed(1),
          pct2: rng.range(1, 12).toFixed(1),
          ex: rng.pick(venues).displayName,
          amt: amount(rng, lang),
          n: String(rng.int(40, 900)),
          days: String(rng.int(7, 45)),
        };
        const related = [coin.id];
        if ([tpl.title, tpl.summary, ...tpl.body].some((s) => s.includes('{coin2}') || s.includes('{sym2}')))
          related.push(coin2.id);
        else if (rng.chance(0.3)) related.push(coin2.id);
        // Recent days carry more stories than old ones, like a real feed.
        const age = rng.next() ** 1.3 * SPAN_DAYS * DAY;
        const publishedAt = new Date(Math.floor((now.getTime() - age) / 60_000) * 60_000);
        drafts.push({
          kind,
          lang,
          columnist: kind === 'research' || rng.chance(0.3) ? rng.pick(byLang) : null,
          title: fill(tpl.title, vars),
          summary: fill(tpl.summary, vars),
          body: tpl.body.map((p) => fill(p, vars)).join('\n\n'),
          views: Math.round(kind === 'research' ? rng.logRange(800, 60_000) : rng.logRange(150, 90_000)),
          publishedAt,
          coins: related,
        });
      }
    }
  }
  // Oldest first, so ids follow publication time; ties keep generation order.
  drafts.sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime());

  const rows = drafts.map((d, i) => ({
    kind: d.kind,
    columnistId: d.columnist,
    title: d.title,
    summary: d.summary,
    body: d.body,
    cover: null,
    sourceUrl: null,
    locale: d.lang,
    views: d.views,
    publishedAt: d.publishedAt,
    deletedAt: (DELETED_ARTICLE_IDS as readonly number[]).includes(i + 1)
      ? new Date(Math.min(now.getTime(), d.publishedAt.getTime() + 6 * 3_600_000))
      : null,
  }));
  const inserted = await db.insert(articles).values(rows).returning({ id: articles.id });
  const links = inserted.flatMap((r, i) => (drafts[i] as Draft).coins.map((coinId) => ({ articleId: r.id, coinId })));
  await bulkInsert(db, articleCoins, links);
  return writerRows.length + inserted.length + links.length;
}
