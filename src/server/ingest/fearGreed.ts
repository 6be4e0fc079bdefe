/**
 * The daily crypto Fear & Greed index of alternative.me (`GET /fng/`), free to use with
 * attribution: the pages credit it beside every value. The first round asks for the whole history
 * (`limit=0`, about 2,900 days since February 2018), later rounds for the last 30 days; each
 * round upserts one row per UTC day into `fear_greed` and replaces the demo seeder's rows. Rows
 * that do not read (a value outside 0–100, a time before the index or in the future) are skipped;
 * a failed round changes nothing and is tried again at the next interval.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { CLASS_WORDS, classOf } from '../../features/market/sentiment/index.ts';
import type { Db } from '../db/index.ts';
import { Repeat } from '../realtime/repeat.ts';
import type { PriceSource } from '../realtime/types.ts';
import { type HttpOptions, SourceHttp } from './sources/http.ts';
import type { SourceState } from './sources/types.ts';

/** The source's name in `fear_greed.source` and on the pages' credit. */
export const FEAR_GREED_SOURCE = 'alternative.me';

/** The index's first day: an earlier time is not one of its values. */
const FIRST_DAY_MS = Date.UTC(2018, 1, 1);
const DAY_MS = 86_400_000;
/** Rows a later round asks for: a month covers any gap of a server that was down for weeks. */
const RECENT_LIMIT = 30;

/** One day of the index, as stored. */
export interface FearGreedRow {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  value: number;
  /** One of the five English words ("Extreme Fear" … "Extreme Greed"). */
  classification: string;
}

/** The envelope; the rows are read one by one (a bad row is skipped, not the answer). */
const answerSchema = z.object({
  name: z.string().optional(),
  data: z.array(z.unknown()).optional(),
  metadata: z.object({ error: z.unknown().optional() }).passthrough().optional(),
});

/** A whole number as the source writes it ("40", or 40). */
function wholeNumber(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isInteger(raw) ? raw : null;
  if (typeof raw !== 'string' || !/^-?\d{1,12}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

/**
 * One row of the answer, or null when it does not read. `nowMs`: a day after it is a time from a
 * wrong clock, not a value.
 */
export function readRow(raw: unknown, nowMs: number): FearGreedRow | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const value = wholeNumber(r.value);
  const seconds = wholeNumber(r.timestamp);
  if (value === null || value < 0 || value > 100 || seconds === null) return null;
  const at = seconds * 1000;
  if (at < FIRST_DAY_MS || at > nowMs + DAY_MS) return null;
  return {
    day: new Date(at).toISOString().slice(0, 10),
    value,
    classification: CLASS_WORDS[classOf(value, r.value_classification)],
  };
}

/** What one answer held: its rows (one per day, the first of a repeated day kept) and how many were left out. */
export function readRows(data: unknown[], nowMs: number): { rows: FearGreedRow[]; skipped: number } {
  const byDay = new Map<string, FearGreedRow>();
  for (const raw of data) {
    const row = readRow(raw, nowMs);
    if (row && !byDay.has(row.day)) byDay.set(row.day, row);
  }
  return { rows: [...byDay.values()], skipped: data.length - byDay.size };
}

export type AlternativeMeOptions = { baseUrl: string } & Partial<
  Pick<HttpOptions, 'timeoutMs' | 'retries' | 'backoffMs' | 'maxRetryWaitMs' | 'fetch' | 'sleep' | 'random' | 'now'>
>;

/** The adapter: alternative.me's Fear & Greed endpoint through the shared HTTP client. */
export class AlternativeMe {
  private readonly http: SourceHttp;
  private readonly now: () => number;

  constructor(o: AlternativeMeOptions) {
    const { baseUrl, ...rest } = o;
    this.now = o.now ?? Date.now;
    // No published limit; an hourly round is one request, so a small budget is plenty.
    this.http = new SourceHttp({
      name: FEAR_GREED_SOURCE,
      baseUrl,
      budget: { limit: 60, windowMs: 3_600_000, share: 0.5 },
      timeoutMs: 15_000,
      // The whole history is ~300 KB; a few MB is already a wrong answer.
      maxBytes: 4 * 1024 * 1024,
      ...rest,
    });
  }

  state(): SourceState {
    return this.http.state();
  }

  /** The newest `limit` days (0: every day since 2018), newest first as the source sends them. */
  async fearGreed(limit: number): Promise<{ rows: FearGreedRow[]; skipped: number }> {
    const now = this.now();
    const answer = await this.http.get('/fng/', {
      query: { limit, format: 'json' },
      schema: answerSchema.transform((a) => ({ ...a, read: readRows(a.data ?? [], now) })),
      check: (a) => {
        const error = a.metadata?.error;
        if (error !== null && error !== undefined && error !== '')
          return { message: `source error: ${String(error).slice(0, 200)}` };
        if (!a.data) return { message: 'unexpected payload: no data' };
        if (a.read.rows.length) return null;
        return { message: a.read.skipped ? `none of ${a.read.skipped} rows readable` : 'no rows in the answer' };
      },
    });
    return answer.read;
  }
}

export interface FearGreedOptions {
  db: Db;
  /** The source's address (FEAR_GREED_URL), or an adapter of the tests' own. */
  baseUrl?: string;
  source?: Pick<AlternativeMe, 'fearGreed' | 'state'>;
  intervalMs: number;
  log?: (line: string) => void;
  now?: () => number;
}

export interface FearGreedResult {
  /** Whether the whole history was asked for. */
  full: boolean;
  stored: number;
  skipped: number;
  /** The newest day stored. */
  latest: string;
}

/** The periodic job: a "source" without ticks, so the realtime hub runs it on its leader and stops it with the rest. */
export class FearGreedRefresh implements PriceSource {
  readonly name = 'fear-greed';
  private readonly repeat: Repeat;
  private readonly source: Pick<AlternativeMe, 'fearGreed' | 'state'>;

  constructor(private readonly o: FearGreedOptions) {
    this.source =
      o.source ?? new AlternativeMe({ baseUrl: o.baseUrl ?? 'https://api.alternative.me', now: o.now ?? Date.now });
    this.repeat = new Repeat(
      o.intervalMs,
      async () => {
        const r = await this.refresh();
        this.o.log?.(
          `[fear-greed] ${FEAR_GREED_SOURCE}: ${r.stored} days stored${r.full ? ' (whole history)' : ''}, newest ${r.latest}${r.skipped ? `, ${r.skipped} rows skipped` : ''}`,
        );
      },
      (e) => this.o.log?.(`[fear-greed] ${(e as Error).message}; the stored index stays`),
    );
  }

  start(): void {
    this.repeat.start();
  }

  stop(): Promise<void> {
    return this.repeat.stop();
  }

  /** For /api/health. */
  state(): SourceState {
    return this.source.state();
  }

  /** One round: the whole history until the source's own recent days are stored, then the last month. */
  async refresh(): Promise<FearGreedResult> {
    const { db } = this.o;
    const now = (this.o.now ?? Date.now)();
    const since = new Date(now - (RECENT_LIMIT - 5) * DAY_MS).toISOString().slice(0, 10);
    const [recent] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from fear_greed where source = ${FEAR_GREED_SOURCE} and day >= ${since}::date`,
      ),
    );
    const full = !recent?.n;
    const { rows, skipped } = await this.source.fearGreed(full ? 0 : RECENT_LIMIT);
    const at = new Date(now).toISOString();
    const p = (values: unknown[]) => sql.param(values);
    await db.transaction(async (tx) => {
      // Real days replace the demo year whole: a chart never mixes the two.
      await tx.execute(sql`delete from fear_greed where source = 'demo'`);
      await tx.execute(sql`
        insert into fear_greed (day, value, classification, source, fetched_at)
        select v.day, v.value, v.classification, ${FEAR_GREED_SOURCE}, ${at}::timestamptz
        from unnest(${p(rows.map((r) => r.day))}::date[], ${p(rows.map((r) => r.value))}::smallint[],
                    ${p(rows.map((r) => r.classification))}::text[]) as v(day, value, classification)
        on conflict (day) do update set value = excluded.value, classification = excluded.classification,
               source = excluded.source, fetched_at = excluded.fetched_at`);
    });
    const latest = rows
      .map((r) => r.day)
      .sort()
      .at(-1)!;
    return { full, stored: rows.length, skipped, latest };
  }
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
