/**
 * The write of a live round (market.ts runs the rounds): in one market write, the exchanges the
 * sources report, their pairs with provenance, each coin's volume and sources, the ranks, the
 * sources' states and the data's age; and, on the first start with network, the demo market's
 * replacement (its marker in site_meta, taken in the same transaction).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { MARKET_RATE_COINS } from '../rates/rates.ts';
import { DEMO_MARKET_PENDING, DEMO_USERNAMES } from '../db/provenance.ts';
import { dec } from '../seed/decimal.ts';
import { marketWrite } from '../realtime/persist.ts';
import { pairName, type AggregateResult, type TickerResult } from './aggregate.ts';

export { pairName } from './aggregate.ts';
import type { ExchangeInfo, SourceState } from './sources/types.ts';

/** What site_meta `data_source` says while the sources run. */
interface LiveDataSource {
  source: 'live';
  sources: string[];
  updatedAt: string;
}

interface WriteContext {
  now: number;
  states: SourceState[];
  /** The sources that answered this round, and of those the ones whose answer was new (the data's age is theirs). */
  answered: string[];
  renewed: string[];
  exchanges: ExchangeInfo[];
  /** Remove the seeder's market in the same transaction (LiveMarketOptions.replaceDemo). */
  replaceDemo?: boolean;
}

/**
 * Whether the demo market seeded on first run is still to be replaced (the seeder's marker; the
 * start that waits for the sources' first round removes it, replaced or not).
 */
export async function demoMarketPending(db: Db): Promise<boolean> {
  const res = (await db.execute(sql`select 1 from site_meta where key = ${DEMO_MARKET_PENDING}`)) as unknown as {
    rows: unknown[];
  };
  return res.rows.length > 0;
}

/** From now on the demo market stays, in every process: pages are served, people may use its rows. */
export async function keepDemoMarket(db: Db): Promise<void> {
  await db.execute(sql`delete from site_meta where key = ${DEMO_MARKET_PENDING}`);
}

/**
 * The seeder's market gives way to the sources': its pairs (no source), then the exchanges and
 * coins no source reports (their seeded history, pairs and figures go with them; articles that
 * named a coin keep their text). The exchanges of the configured sources stay even when theirs
 * did not answer this round (their seeded facts are real ones), and so do the coins the BTC, ETH
 * and USDT currencies are priced from, since every price on the site converts through them.
 */
function replaceDemoMarket(exchanges: string[]) {
  return [
    sql`delete from tickers where source is null`,
    sql`delete from exchanges where cardinality(sources) = 0 and name <> all(${sql.param(exchanges)}::text[])`,
    sql`delete from coins where cardinality(sources) = 0 and id <> all(${sql.param(Object.values(MARKET_RATE_COINS))}::text[])`,
    // (The coins that stay lost the seeder's history in this round already: see writeMarket.)
    // Figures of the exchanges that stay which no source reports and the seeder invented (fees,
    // visits, followers, delays, its rating, its placeholder website): none rather than invented
    // ones on a live site. So no expected volume either (SPEC §9 needs the visits).
    sql`update exchanges set maker_fee = null, taker_fee = null, monthly_visits = null, followers = null, api_delay_ms = null, web_delay_ms = null,
               star_rating = null, website = case when website ~ '^https://[^/]+\.example$' then null else website end`,
  ];
}

/**
 * Takes the seeder's marker, in the transaction that replaces the demo market, only while every
 * account is the seeder's (demo_…): once someone has signed up, their favourites, reviews and
 * subscriptions may refer to the demo rows, and nothing is removed. One row (n = 1) when taken.
 */
const CLAIM_DEMO_MARKET = sql`
  with claimed as (
    delete from site_meta where key = ${DEMO_MARKET_PENDING}
      and not exists (select 1 from users where username not like ${DEMO_USERNAMES})
    returning 1)
  select count(*)::int as n from claimed`;

/**
 * Market-cap rank on live data (SPEC §3 "market cap rank"): 1 for the largest market cap, in
 * every round, so the default order of the lists follows the prices; coins without a market
 * cap (no supply known) are unranked. Only the ranks that change are written.
 */
const RANK_BY_MARKET_CAP = sql`
  update coins c set rank = r.rn
  from (select id, case when market_cap > 0 then row_number() over (order by market_cap desc nulls last, id) end::int as rn from coins) r
  where c.id = r.id and c.rank is distinct from r.rn`;

/**
 * The exchanges' rank on live data, like the seeder's: by reported (spot) volume, 1 for the
 * largest, in every round that writes exchanges; none without a volume. Only changed ranks are written.
 */
const RANK_EXCHANGES_BY_VOLUME = sql`
  update exchanges e set rank = r.rn
  from (select id, case when reported_volume_24h > 0 then row_number() over (order by reported_volume_24h desc nulls last, name) end::int as rn from exchanges) r
  where e.id = r.id and e.rank is distinct from r.rn`;

const p = (values: unknown[]) => sql.param(values);
const decOrNull = (n: number | null) => (n === null || !Number.isFinite(n) ? null : dec(n));

/**
 * One row per (exchange, pair), as the aggregation already keeps (two instruments naming the same
 * pair: the busier one). A rejected price (`invalid-price`) keeps no figure of its own: price,
 * volume, change and book are unknown.
 */
function tickerRows(results: TickerResult[], bySymbol: Map<string, string>) {
  const rows = new Map<string, TickerResult & { coinId: string; pair: string }>();
  for (const r of results) {
    const coinId = bySymbol.get(r.ticker.base);
    if (!coinId) continue;
    const pair = pairName(r.ticker);
    const key = `${r.ticker.exchange}\u0000${pair}`;
    const seen = rows.get(key);
    if (!seen || (r.volumeUsd ?? 0) > (seen.volumeUsd ?? 0)) rows.set(key, { ...r, coinId, pair });
  }
  return [...rows.values()].map((r) =>
    r.excluded === 'invalid-price'
      ? { ...r, ticker: { ...r.ticker, last: Number.NaN, change24h: null, bid: null, ask: null } }
      : r,
  );
}

/**
 * Writes one round: exchanges, tickers, coin volumes and sources, and the sources' states; true
 * when it replaced the demo market (ctx.replaceDemo).
 */
export async function writeMarket(
  db: Db,
  result: AggregateResult,
  bySymbol: Map<string, string>,
  ctx: WriteContext,
): Promise<boolean> {
  let replaced = false;
  const at = new Date(ctx.now).toISOString();
  const rows = tickerRows(result.tickers, bySymbol);
  const exchangeSources = new Map<string, string[]>();
  /** Per exchange, the time of its newest figure: the age its page shows (answers from memory are not new). */
  const exchangeNewest = new Map<string, number>();
  for (const r of result.tickers) {
    const list = exchangeSources.get(r.ticker.exchange) ?? [];
    if (!list.includes(r.ticker.source)) list.push(r.ticker.source);
    exchangeSources.set(r.ticker.exchange, list);
    exchangeNewest.set(
      r.ticker.exchange,
      Math.max(exchangeNewest.get(r.ticker.exchange) ?? 0, Math.min(r.ticker.at, ctx.now)),
    );
  }
  const exchanges = [...new Map(ctx.exchanges.map((e) => [e.name, e])).values()].filter((e) =>
    exchangeSources.has(e.name),
  );
  const coinsOut = [...result.coins.values()].filter((c) => bySymbol.has(c.symbol));
  await marketWrite(db, async (tx) => {
    if (exchanges.length) {
      await tx.execute(sql`
        insert into exchanges (name, display_name, type, website, has_futures, sources, updated_at)
        select n, d, 'CEX', w, f, string_to_array(s, ','), u
        from unnest(${p(exchanges.map((e) => e.name))}::text[], ${p(exchanges.map((e) => e.displayName))}::text[],
                    ${p(exchanges.map((e) => e.website))}::text[], ${p(exchanges.map((e) => e.hasFutures))}::boolean[],
                    ${p(exchanges.map((e) => [...exchangeSources.get(e.name)!].sort().join(',')))}::text[],
                    ${p(exchanges.map((e) => new Date(exchangeNewest.get(e.name)!).toISOString()))}::timestamptz[]) as v(n, d, w, f, s, u)
        on conflict (name) do update set sources = excluded.sources, has_futures = exchanges.has_futures or excluded.has_futures, updated_at = excluded.updated_at`);
      // The demo pairs of an exchange a source now reports would mix invented and real numbers.
      await tx.execute(
        sql`delete from tickers t using exchanges e where t.exchange_id = e.id and t.source is null and e.name = any(${p(exchanges.map((e) => e.name))}::text[])`,
      );
    }
    // A pair that a source answering anew no longer lists for an exchange it still reports
    // (delisted, or out of CoinGecko's busiest 100) keeps its row, which favourites may name, but
    // no volume: it counts no more in its exchange's figures, and reads as stale. (An exchange the
    // answer does not cover, such as one CoinGecko has not been asked about since a restart, is
    // left as it is.) One statement with the upsert, so the pairs are sent once.
    const renewed = [...new Set(ctx.renewed)];
    if (rows.length) {
      await tx.execute(sql`
        with written as (
        insert into tickers (exchange_id, coin_id, pair, base_symbol, quote_symbol, market, contract_type, price, price_quote, volume_24h,
                             change_24h, best_bid, best_ask, source, instrument, expires_at, excluded, updated_at)
        select e.id, v.coin, v.pair, v.base, v.quote, v.market::market_kind, v.ct::contract_type, v.price, v.pq, v.vol, v.chg, v.bid, v.ask,
               v.src, v.inst, v.exp, v.exc, v.at
        from unnest(${p(rows.map((r) => r.ticker.exchange))}::text[], ${p(rows.map((r) => r.coinId))}::text[], ${p(rows.map((r) => r.pair))}::text[],
                    ${p(rows.map((r) => r.ticker.base))}::text[], ${p(rows.map((r) => r.ticker.quote))}::text[], ${p(rows.map((r) => r.ticker.market))}::text[],
                    ${p(rows.map((r) => r.ticker.contractType))}::text[], ${p(rows.map((r) => decOrNull(r.priceUsd)))}::numeric[],
                    ${p(rows.map((r) => decOrNull(r.ticker.last)))}::numeric[], ${p(rows.map((r) => decOrNull(r.volumeUsd)))}::numeric[],
                    ${p(rows.map((r) => decOrNull(r.ticker.change24h)))}::numeric[], ${p(rows.map((r) => decOrNull(r.ticker.bid)))}::numeric[],
                    ${p(rows.map((r) => decOrNull(r.ticker.ask)))}::numeric[], ${p(rows.map((r) => r.ticker.source))}::text[],
                    ${p(rows.map((r) => r.ticker.instrument))}::text[], ${p(rows.map((r) => (r.ticker.expiry ? new Date(r.ticker.expiry).toISOString() : null)))}::timestamptz[],
                    ${p(rows.map((r) => r.excluded))}::text[], ${p(rows.map((r) => new Date(r.ticker.at).toISOString()))}::timestamptz[])
               as v(ex, coin, pair, base, quote, market, ct, price, pq, vol, chg, bid, ask, src, inst, exp, exc, at)
        join exchanges e on e.name = v.ex
        -- A coin removed since the symbols were looked up (the demo market's) has no pairs to write.
        where exists (select 1 from coins c where c.id = v.coin)
          -- A rejected price marks a pair listed before; a pair that never had a valid one (a
          -- listing not trading yet reports 0) is not added for it.
          and (v.exc is distinct from 'invalid-price' or exists (select 1 from tickers o where o.exchange_id = e.id and o.pair = v.pair))
        on conflict (exchange_id, pair) do update set
          coin_id = excluded.coin_id, price = excluded.price, price_quote = excluded.price_quote, volume_24h = excluded.volume_24h,
          change_24h = excluded.change_24h, best_bid = excluded.best_bid, best_ask = excluded.best_ask, contract_type = excluded.contract_type,
          source = excluded.source, instrument = excluded.instrument, expires_at = excluded.expires_at, excluded = excluded.excluded,
          updated_at = excluded.updated_at
        returning id, exchange_id, source)
        update tickers t set volume_24h = null, excluded = 'stale'
        from (select distinct exchange_id, source from written where source = any(${p(renewed)}::text[])) c
        where t.exchange_id = c.exchange_id and t.source = c.source and t.volume_24h is not null
          and t.id not in (select id from written)`);
    }
    if (exchanges.length) {
      // The exchange list's figures, from the pairs it now has (those still listed).
      await tx.execute(sql`
        update exchanges e set pair_count = s.pairs, coin_count = s.coins, reported_volume_24h = s.volume
        from (select exchange_id, count(*)::int as pairs, count(distinct coin_id)::int as coins,
                     coalesce(sum(volume_24h) filter (where market = 'spot'), 0) as volume
              from tickers where volume_24h is not null or source is null group by exchange_id) s
        where s.exchange_id = e.id and e.name = any(${p(exchanges.map((e) => e.name))}::text[])`);
    }
    if (coinsOut.length) {
      // A coin the sources price for the first time (a demo row until now) loses the seeder's
      // history and every figure drawn from it, and the first exchange and hour it invented: the
      // figures come back from the sources' history (figures.ts, backfill.ts). Whether or not the demo market is replaced, no demo number stays on it.
      const ids = p(coinsOut.map((c) => bySymbol.get(c.symbol)!));
      await tx.execute(
        sql`delete from klines k using coins c where k.coin_id = c.id and c.id = any(${ids}::text[]) and cardinality(c.sources) = 0`,
      );
      await tx.execute(sql`
        update coins set change_1h = null, change_24h = null, change_7d = null, change_30d = null, change_1y = null, high_24h = null, low_24h = null,
               ath = null, ath_at = null, atl = null, atl_at = null, open_yesterday = null, close_yesterday = null,
               sparkline_7d = null, sparkline_path = null, sparkline_trend = null, first_exchange = null, first_listed_at = null
        where id = any(${ids}::text[]) and cardinality(sources) = 0`);
      await tx.execute(sql`
        update coins c set volume_24h = v.vol, sources = string_to_array(v.src, ',')
        from unnest(${p(coinsOut.map((c) => bySymbol.get(c.symbol)!))}::text[], ${p(coinsOut.map((c) => dec(c.volumeUsd)))}::numeric[],
                    ${p(coinsOut.map((c) => c.sources.join(',')))}::text[]) as v(id, vol, src)
        where c.id = v.id`);
    }
    if (
      ctx.replaceDemo &&
      ((await tx.execute(CLAIM_DEMO_MARKET)) as unknown as { rows: { n: number }[] }).rows[0]?.n === 1
    ) {
      for (const statement of replaceDemoMarket(ctx.exchanges.map((e) => e.name))) await tx.execute(statement);
      replaced = true;
    }
    if (coinsOut.length) await tx.execute(RANK_BY_MARKET_CAP);
    if (exchanges.length) await tx.execute(RANK_EXCHANGES_BY_VOLUME);
    const source: LiveDataSource = { source: 'live', sources: ctx.answered, updatedAt: at };
    await tx.execute(sql`
      insert into site_meta (key, value, updated_at) values
        ('source_states', ${JSON.stringify(ctx.states)}::jsonb, ${at}::timestamptz)
      on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`);
    // The data's age is that of the last round a source answered: rounds on kept answers alone
    // must let it grow until the badge says stale.
    if (ctx.renewed.length && result.tickers.length)
      await tx.execute(sql`
        insert into site_meta (key, value, updated_at) values ('data_source', ${JSON.stringify(source)}::jsonb, ${at}::timestamptz)
        on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`);
  });
  return replaced;
}
