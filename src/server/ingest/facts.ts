/**
 * The facts exchanges do not publish, from CoinGecko (research file, section 1): circulating, total
 * and maximum supply of the coins, their links (website, white paper, explorers, community) and
 * categories (as tags) a few coins per refresh, and the exchanges' trust scores. Prices stay the exchanges'
 * (aggregate.ts); the market cap follows from our price and CoinGecko's circulating supply. Runs
 * beside the live market when COINGECKO_API_KEY is set, every COINGECKO_INTERVAL_MS; a failed
 * refresh changes nothing and is tried again at the next interval. Pages credit CoinGecko wherever
 * a figure came from it (`facts_source`), as its terms ask.
 */
import { sql } from 'drizzle-orm';
import { slugify } from '../../lib/slug.ts';
import type { Db } from '../db/index.ts';
import { GLOBAL_FACTS } from '../db/provenance.ts';
import { marketWrite } from '../realtime/persist.ts';
import { Repeat } from '../realtime/repeat.ts';
import type { PriceSource } from '../realtime/types.ts';
import {
  LINKS_PER_KIND,
  type CoinDetailFacts,
  type CoinFacts,
  type CoinGecko,
  type ExchangeFacts,
} from './sources/coingecko.ts';
import { marketExchange, OUR_EXCHANGE_SLUGS, webAddress } from './sources/coingeckoNames.ts';

/** Our exchange slugs whose CoinGecko id differs. */
const GECKO_EXCHANGE_IDS: Record<string, string> = Object.fromEntries(
  Object.entries(OUR_EXCHANGE_SLUGS).map(([id, slug]) => [slug, id]),
);

interface FactsOptions {
  db: Db;
  gecko: Pick<CoinGecko, 'markets' | 'exchanges' | 'coin' | 'global'>;
  intervalMs: number;
  /** Pages of 250 coins by market cap (2 = the top 500); each page is one call of the budget. */
  pages?: number;
  /**
   * Links and categories (`/coins/{id}`, one call each) of this many coins per refresh, taking the
   * top `detailCoins` of our ranking in turn: at the default hourly refresh, 5 a time renew the
   * top 100 within a day, well inside the demo key's budget. 0: none.
   */
  detailsPerRefresh?: number;
  detailCoins?: number;
  log?: (line: string) => void;
  now?: () => number;
}

interface FactsResult {
  coins: number;
  exchanges: number;
  /** Whether the market-wide totals (`/global`) were renewed. */
  global: boolean;
  /** Coins whose links and categories were renewed. */
  details: number;
}

/** The link kinds a coin's details replace: those CoinGecko gives (repositories stay: the developer figures hang on them). */
const DETAIL_LINK_KINDS = Object.keys(LINKS_PER_KIND);

const p = (values: unknown[]) => sql.param(values);
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * Our coin for each CoinGecko coin: the same id first (the seeder uses CoinGecko's ids), else the
 * same symbol when neither side has another coin of that symbol left (the largest by market cap
 * comes first on both sides, so "the" USDT is never a lookalike's).
 */
export function matchCoins(facts: CoinFacts[], ours: { id: string; symbol: string }[]): Map<string, CoinFacts> {
  const out = new Map<string, CoinFacts>();
  const byId = new Set(ours.map((c) => c.id));
  const taken = new Set<string>();
  for (const f of facts) {
    if (byId.has(f.id) && !out.has(f.id)) {
      out.set(f.id, f);
      taken.add(f.symbol);
    }
  }
  const bySymbol = new Map<string, string[]>();
  for (const c of ours)
    if (!out.has(c.id)) bySymbol.set(c.symbol.toUpperCase(), [...(bySymbol.get(c.symbol.toUpperCase()) ?? []), c.id]);
  const factsPerSymbol = new Map<string, number>();
  for (const f of facts) factsPerSymbol.set(f.symbol, (factsPerSymbol.get(f.symbol) ?? 0) + 1);
  for (const f of facts) {
    const candidates = bySymbol.get(f.symbol);
    if (out.has(f.id) || taken.has(f.symbol) || candidates?.length !== 1 || factsPerSymbol.get(f.symbol) !== 1)
      continue;
    out.set(candidates[0]!, f);
    taken.add(f.symbol);
  }
  return out;
}

/** A market "source" that publishes no ticks, so the realtime hub runs it on its leader only and stops it with the rest. */
export class FactsRefresh implements PriceSource {
  readonly name = 'coingecko-facts';
  private readonly repeat: Repeat;
  /** Where the next refresh's details start in their queue. */
  private detailCursor = 0;

  constructor(private readonly o: FactsOptions) {
    this.repeat = new Repeat(
      o.intervalMs,
      async () => {
        const r = await this.refresh();
        this.o.log?.(
          `[facts] CoinGecko: supplies of ${r.coins} coins, trust scores of ${r.exchanges} exchanges, links and categories of ${r.details} coins${r.global ? ', market-wide totals' : ''}`,
        );
      },
      (e) =>
        this.o.log?.(
          `[facts] ${((e as Error).cause as Error | undefined)?.message ?? (e as Error).message}; the stored facts stay`,
        ),
    );
  }

  start(): void {
    this.repeat.start();
  }

  stop(): Promise<void> {
    return this.repeat.stop();
  }

  /** Reads every page first and writes only when all answered: a half refresh is no refresh. */
  async refresh(): Promise<FactsResult> {
    const { db, gecko } = this.o;
    const pages = Math.max(1, this.o.pages ?? 2);
    const facts: CoinFacts[] = [];
    for (let page = 1; page <= pages; page++) {
      const rows = await gecko.markets(page);
      facts.push(...rows);
      if (rows.length < 250) break;
    }
    const exchangeFacts = await gecko.exchanges(1);
    // The totals are a thing apart: without them the supplies are still worth writing.
    const global = await gecko.global().catch((e: Error) => {
      this.o.log?.(
        `[facts] market-wide totals: ${(e.cause as Error | undefined)?.message ?? e.message}; the stored ones stay`,
      );
      return null;
    });
    const at = new Date((this.o.now ?? Date.now)()).toISOString();
    // The market rounds write the same coins and exchanges: one writer at a time, no deadlock.
    const written = await marketWrite(db, async (tx) => {
      const ours = rowsOf<{ id: string; symbol: string }>(
        await tx.execute(sql`select id, symbol from coins order by rank asc nulls last, id`),
      );
      const matched = [...matchCoins(facts, ours)].filter(([, f]) => f.circulatingSupply !== null);
      if (matched.length) {
        // The all-time high and low too: a history of our own reaches back a year at most.
        const time = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
        await tx.execute(sql`
          update coins c set circulating_supply = v.circ, total_supply = coalesce(v.total, c.total_supply), max_supply = v.max,
                 market_cap = coalesce(c.price * v.circ, c.market_cap),
                 -- On a coin the sources price, the greater high (the lower low): CoinGecko's lags a new
                 -- one our history figures just saw. A demo row's are the seeder's: CoinGecko's replace them.
                 ath = case when v.ath is null or (cardinality(c.sources) > 0 and c.ath > v.ath) then c.ath else v.ath end,
                 ath_at = case when v.ath is null or (cardinality(c.sources) > 0 and c.ath > v.ath) then c.ath_at else v.ath_at end,
                 atl = case when v.atl is null or (cardinality(c.sources) > 0 and c.atl < v.atl) then c.atl else v.atl end,
                 atl_at = case when v.atl is null or (cardinality(c.sources) > 0 and c.atl < v.atl) then c.atl_at else v.atl_at end,
                 facts_source = 'coingecko', facts_updated_at = ${at}::timestamptz
          from unnest(${p(matched.map(([id]) => id))}::text[], ${p(matched.map(([, f]) => f.circulatingSupply))}::numeric[],
                      ${p(matched.map(([, f]) => f.totalSupply))}::numeric[], ${p(matched.map(([, f]) => f.maxSupply))}::numeric[],
                      ${p(matched.map(([, f]) => (f.ath !== null && f.ath > 0 ? f.ath : null)))}::numeric[], ${p(matched.map(([, f]) => time(f.athAt)))}::timestamptz[],
                      ${p(matched.map(([, f]) => (f.atl !== null && f.atl > 0 ? f.atl : null)))}::numeric[], ${p(matched.map(([, f]) => time(f.atlAt)))}::timestamptz[])
               as v(id, circ, total, max, ath, ath_at, atl, atl_at)
          where c.id = v.id`);
      }
      const exchanges = matchExchanges(
        exchangeFacts,
        rowsOf<{ name: string }>(await tx.execute(sql`select name from exchanges`)).map((r) => r.name),
      );
      if (exchanges.length) {
        // The website only where none is stored (exchanges first listed through CoinGecko's markets)
        // or the seeder's placeholder is (https://<slug>.example): an adapter's own address stays,
        // CoinGecko's are sometimes referral links.
        await tx.execute(sql`
          update exchanges e set trust_score = v.score, country = coalesce(v.country, e.country),
                 website = case when e.website is null or e.website ~ '^https://[^/]+\.example$' then coalesce(v.url, e.website) else e.website end,
                 facts_source = 'coingecko', facts_updated_at = ${at}::timestamptz
          from unnest(${p(exchanges.map(([name]) => name))}::text[], ${p(exchanges.map(([, f]) => f.trustScore))}::int[],
                      ${p(exchanges.map(([, f]) => f.country))}::text[], ${p(exchanges.map(([, f]) => webAddress(f.url)))}::text[]) as v(name, score, country, url)
          where e.name = v.name`);
      }
      if (global) {
        await tx.execute(sql`
          insert into site_meta (key, value, updated_at) values (${GLOBAL_FACTS}, ${JSON.stringify(global)}::jsonb, ${at}::timestamptz)
          on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`);
      }
      await tx.execute(sql`
        insert into site_meta (key, value, updated_at) values ('facts_source', ${JSON.stringify({ source: 'coingecko', coins: matched.length, exchanges: exchanges.length, updatedAt: at })}::jsonb, ${at}::timestamptz)
        on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`);
      // Our top coins that CoinGecko knows, by our rank, with CoinGecko's id: the details' queue.
      const byOurId = new Map(matched);
      const ranked = ours.filter((c) => byOurId.has(c.id)).map((c) => [c.id, byOurId.get(c.id)!.id] as const);
      return { coins: matched.length, exchanges: exchanges.length, ranked };
    });
    const details = await this.refreshDetails(written.ranked.slice(0, this.o.detailCoins ?? 100));
    return { coins: written.coins, exchanges: written.exchanges, global: global !== null, details };
  }

  /**
   * The next few coins' links and categories. A coin whose call fails is skipped (and logged); the
   * others are still written, each on its own.
   */
  private async refreshDetails(queue: (readonly [string, string])[]): Promise<number> {
    const per = Math.min(queue.length, Math.max(0, this.o.detailsPerRefresh ?? 5));
    let written = 0;
    for (let i = 0; i < per; i++) {
      const [ourId, geckoId] = queue[(this.detailCursor + i) % queue.length]!;
      try {
        await writeDetails(this.o.db, ourId, await this.o.gecko.coin(geckoId));
        written++;
      } catch (e) {
        this.o.log?.(
          `[facts] details of ${geckoId}: ${((e as Error).cause as Error | undefined)?.message ?? (e as Error).message}`,
        );
      }
    }
    if (queue.length) this.detailCursor = (this.detailCursor + per) % queue.length;
    return written;
  }
}

/**
 * A coin's links of the kinds CoinGecko gives (the seeded ones of those kinds go: the page then
 * shows real addresses only), its descriptions and, when CoinGecko names any, its categories as
 * its tags.
 */
async function writeDetails(db: Db, coinId: string, d: CoinDetailFacts): Promise<void> {
  const categories = d.categories.map((name) => ({ name, slug: slugify(name) })).filter((c) => c.slug !== '');
  // A market write too: the coin pages keep the links and tags beside the prices.
  await marketWrite(db, async (tx) => {
    await tx.execute(
      sql`delete from coin_links where coin_id = ${coinId} and kind = any(${p(DETAIL_LINK_KINDS)}::link_kind[])`,
    );
    if (d.links.length) {
      await tx.execute(sql`
        insert into coin_links (coin_id, kind, url)
        select ${coinId}, v.kind::link_kind, v.url from unnest(${p(d.links.map((l) => l.kind))}::text[], ${p(d.links.map((l) => l.url))}::text[]) as v(kind, url)
        on conflict do nothing`);
    }
    // The description in each language CoinGecko writes (one it no longer writes goes).
    await tx.execute(sql`delete from coin_descriptions where coin_id = ${coinId}`);
    if (d.descriptions.length)
      await tx.execute(sql`
        insert into coin_descriptions (coin_id, locale, text, source)
        select ${coinId}, v.locale, v.text, 'coingecko' from unnest(${p(d.descriptions.map((x) => x.locale))}::text[], ${p(d.descriptions.map((x) => x.text))}::text[]) as v(locale, text)`);
    if (!categories.length) return;
    await tx.execute(sql`
      insert into tags (slug, name) select * from unnest(${p(categories.map((c) => c.slug))}::text[], ${p(categories.map((c) => c.name))}::text[])
      on conflict (slug) do nothing`);
    await tx.execute(sql`delete from coin_tags where coin_id = ${coinId}`);
    await tx.execute(sql`
      insert into coin_tags (coin_id, tag_id) select ${coinId}, id from tags where slug = any(${p(categories.map((c) => c.slug))}::text[])
      on conflict do nothing`);
  });
}

/**
 * Our exchanges by slug with CoinGecko's facts: by id (or the known different id), else by name
 * ("Coinbase Exchange" is our coinbase-exchange, however CoinGecko's id reads).
 */
export function matchExchanges(facts: ExchangeFacts[], ours: string[]): [string, ExchangeFacts][] {
  const byId = new Map(facts.map((f) => [f.id, f]));
  const byName = new Map<string, ExchangeFacts>();
  for (const f of facts) {
    const name = marketExchange(f.name)?.name;
    if (name && !byName.has(name)) byName.set(name, f);
  }
  return ours.flatMap((name) => {
    const f = byId.get(GECKO_EXCHANGE_IDS[name] ?? name) ?? byName.get(name);
    return f ? [[name, f] as [string, ExchangeFacts]] : [];
  });
}
