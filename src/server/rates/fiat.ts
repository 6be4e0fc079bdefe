/**
 * Fiat exchange rates (SPEC §9: a rate older than 24 hours is refreshed). The crypto currencies
 * of the switcher follow live coin prices (domain/rates.ts); the fiat ones come from a daily
 * reference source: by default open.er-api.com (every currency of the switcher, TWD included),
 * or the ECB's euro reference rates XML (no TWD: that rate then keeps its stored value).
 *
 * The refresher never throws and never writes a rate it does not trust: a failed fetch, a
 * timeout, an unreadable or implausible answer keeps the stored rates and logs why.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { rates } from '../db/schema/index.ts';

/** The fiat currencies of the switcher (USD is 1 by definition). */
export const FIAT_SYMBOLS = ['CNY', 'JPY', 'KRW', 'HKD', 'TWD', 'EUR'] as const;
type FiatSymbol = (typeof FIAT_SYMBOLS)[number];

/** SPEC §9: rates older than this are refreshed. */
const FIAT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** How far one refresh may move a rate from the stored one; more is a broken feed, not a market. */
const MAX_MOVE = 1.25;
/** Answers larger than this are not a rates document. */
const MAX_BYTES = 1 << 20;

interface ParsedRates {
  /** Units of each symbol per US dollar. */
  rates: Partial<Record<FiatSymbol, number>>;
}

const positive = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;
};

/** Per-dollar rates from a table in another base: units per base unit, USD included. */
function fromBase(base: string, table: Record<string, number>): ParsedRates {
  const usd = base === 'USD' ? 1 : table.USD;
  if (!usd) throw new Error(`no USD rate against ${base}`);
  const out: ParsedRates['rates'] = {};
  for (const s of FIAT_SYMBOLS) {
    const v = s === base ? 1 : table[s];
    if (v) out[s] = v / usd;
  }
  if (!Object.keys(out).length) throw new Error('none of the currencies of the switcher');
  return { rates: out };
}

/**
 * Reads a rates answer: JSON of the open.er-api / exchangerate.host shape (`{ base_code | base,
 * rates: { CNY: 7.1, … } }`, `result` other than "success" refused) or the ECB's
 * eurofxref-daily.xml (`<Cube currency='USD' rate='1.05'/>`, base EUR). Throws when it is neither.
 */
export function parseRates(body: string): ParsedRates {
  const text = body.trim();
  if (text.startsWith('{')) {
    const doc = JSON.parse(text) as { result?: unknown; base_code?: unknown; base?: unknown; rates?: unknown };
    if (doc.result !== undefined && doc.result !== 'success')
      throw new Error(`source answered result=${String(doc.result)}`);
    const base = typeof doc.base_code === 'string' ? doc.base_code : typeof doc.base === 'string' ? doc.base : 'USD';
    if (!doc.rates || typeof doc.rates !== 'object') throw new Error('no rates object');
    const table: Record<string, number> = {};
    for (const [k, v] of Object.entries(doc.rates as Record<string, unknown>)) {
      const n = positive(v);
      if (n !== null) table[k.toUpperCase()] = n;
    }
    return fromBase(base.toUpperCase(), table);
  }
  if (text.startsWith('<')) {
    const table: Record<string, number> = {};
    for (const m of text.matchAll(/currency\s*=\s*['"]([A-Z]{3})['"]\s+rate\s*=\s*['"]([0-9.eE+-]+)['"]/g)) {
      const n = positive(m[2]);
      if (n !== null) table[m[1]!] = n;
    }
    if (!Object.keys(table).length) throw new Error('no <Cube currency rate> entries');
    return fromBase('EUR', table);
  }
  throw new Error('neither JSON nor XML');
}

interface RefreshOptions {
  url: string;
  timeoutMs: number;
  now?: Date;
  /** Refresh even when the stored rates are younger than a day. */
  force?: boolean;
  fetch?: typeof fetch;
  log?: (line: string) => void;
}

type RefreshResult =
  | { status: 'fresh'; oldest: Date }
  | { status: 'updated'; symbols: FiatSymbol[] }
  | { status: 'failed'; error: string };

/** When the oldest stored fiat rate was written (null: some fiat rate is missing). */
async function oldestFiatRate(db: Db): Promise<Date | null> {
  const rows = await db
    .select({ symbol: rates.symbol, updatedAt: rates.updatedAt })
    .from(rates)
    .where(inArray(rates.symbol, [...FIAT_SYMBOLS]));
  if (rows.length < FIAT_SYMBOLS.length) return null;
  return new Date(Math.min(...rows.map((r) => r.updatedAt.getTime())));
}

/** Refreshes the fiat rates when the oldest is past a day (or `force`); see the module comment. */
export async function refreshFiatRates(db: Db, opts: RefreshOptions): Promise<RefreshResult> {
  const now = opts.now ?? new Date();
  const log = opts.log ?? ((line: string) => console.warn(line));
  try {
    const oldest = await oldestFiatRate(db);
    if (!opts.force && oldest && now.getTime() - oldest.getTime() < FIAT_MAX_AGE_MS) return { status: 'fresh', oldest };
    const res = await (opts.fetch ?? fetch)(opts.url, {
      signal: AbortSignal.timeout(opts.timeoutMs),
      headers: { accept: 'application/json, application/xml;q=0.9, text/xml;q=0.8' },
      redirect: 'follow',
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const length = Number(res.headers.get('content-length') ?? 0);
    if (length > MAX_BYTES) throw new Error(`answer of ${length} bytes`);
    const body = await res.text();
    if (body.length > MAX_BYTES) throw new Error(`answer of ${body.length} characters`);
    const parsed = parseRates(body);
    const stored = await db
      .select({ symbol: rates.symbol, rate: rates.rate })
      .from(rates)
      .where(inArray(rates.symbol, [...FIAT_SYMBOLS]));
    const entries = Object.entries(parsed.rates) as [FiatSymbol, number][];
    for (const [symbol, rate] of entries) {
      const before = Number(stored.find((s) => s.symbol === symbol)?.rate);
      if (before > 0 && (rate / before > MAX_MOVE || before / rate > MAX_MOVE)) {
        throw new Error(`${symbol} would move from ${before} to ${rate}: refused`);
      }
    }
    await db.transaction(async (tx) => {
      for (const [symbol, rate] of entries) {
        await tx
          .insert(rates)
          .values({ symbol, rate: String(rate), updatedAt: now })
          .onConflictDoUpdate({
            target: rates.symbol,
            set: { rate: sql`excluded.rate`, updatedAt: sql`excluded.updated_at` },
          });
      }
    });
    const missing = FIAT_SYMBOLS.filter((s) => !(s in parsed.rates));
    if (missing.length) log(`[rates] ${opts.url} has no ${missing.join(', ')}: kept as stored`);
    return { status: 'updated', symbols: entries.map(([s]) => s) };
  } catch (e) {
    const error =
      e instanceof Error ? (e.name === 'TimeoutError' ? `timed out after ${opts.timeoutMs} ms` : e.message) : String(e);
    log(`[rates] fiat refresh from ${opts.url} failed, stored rates kept: ${error}`);
    return { status: 'failed', error };
  }
}

/**
 * Checks the fiat rates now and every `intervalMs` (an hour by default), refreshing those past a
 * day. Returns a stop function that waits for a run in progress.
 */
export function startFiatRates(db: Db, opts: RefreshOptions & { intervalMs?: number }): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = refreshFiatRates(db, opts).finally(() => (running = undefined));
  };
  tick();
  const timer = setInterval(tick, opts.intervalMs ?? 60 * 60 * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
