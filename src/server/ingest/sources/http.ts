/**
 * The one HTTP client every market-data adapter uses: a base URL (configurable, so tests point it
 * at a local fake upstream), a timeout, retries on 408/429/5xx and network failures with jittered
 * exponential backoff that honours `Retry-After`, a per-source request budget inside the source's
 * published rate limit, and validation of every answer with zod. A source that bans us (Binance
 * 418, Bybit 403) is never retried: it is left alone until its `Retry-After` has passed.
 * Every failure is a `SourceError` with a message for the log and /api/health; nothing here
 * throws anything else, so a changed payload is a logged source error, never a crash.
 */
import type { z } from 'zod';
import type { SourceState } from './types.ts';
import { toNumber } from './values.ts';

export class SourceError extends Error {
  override name = 'SourceError';
  constructor(
    readonly source: string,
    message: string,
    /** The HTTP status, when there was an answer. */
    readonly status?: number,
  ) {
    super(`${source}: ${message}`);
  }
}

export interface HttpOptions {
  /** Source name for messages and health ("binance", "okx"…). */
  name: string;
  baseUrl: string;
  /** Per attempt, ms. */
  timeoutMs?: number;
  /** Retries after the first attempt. */
  retries?: number;
  /** Weight the source allows per window (Binance: 6000 per minute); we stay under `share` of it. */
  budget: { limit: number; windowMs: number; share?: number };
  /** A response header carrying the weight the source counts for us (X-MBX-USED-WEIGHT-1M). */
  usedWeightHeader?: string;
  /** Statuses that mean "banned": not retried, and the source rests until Retry-After. */
  banStatuses?: number[];
  /**
   * Reads a spent rate limit off a failed answer (GitHub's 403 or 429 with X-RateLimit-Remaining: 0
   * and X-RateLimit-Reset): until when the source rests (epoch ms), not retried; null: another failure.
   */
  rateLimited?: (status: number, headers: Headers, now: number) => number | null;
  headers?: Record<string, string>;
  /** Longest wait before a retry, ms; a longer Retry-After rests the source instead. */
  maxRetryWaitMs?: number;
  /** Largest answer read, bytes (default 32 MiB): a larger one is a source error, never read whole into memory. */
  maxBytes?: number;
  /** Base backoff, ms (doubled per attempt, ×0.5–1.5 jitter). */
  backoffMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

interface GetOptions<S extends z.ZodTypeAny> {
  query?: Record<string, string | number | undefined>;
  /** What this request costs against the budget (Binance weights); default 1. */
  weight?: number;
  schema: S;
  /**
   * An error the source reports inside a 200 answer (OKX `code != "0"`, Bybit `retCode != 0`):
   * the message, and whether trying again may help.
   */
  check?: (body: z.output<S>) => { message: string; retry?: boolean } | null;
  signal?: AbortSignal;
  /** Headers of this request (OKX's Accept-Language), over the source's own. */
  headers?: Record<string, string>;
  /** 'text': the body is given to the schema as a string (feeds in XML); default JSON. */
  body?: 'json' | 'text';
  /** An ETag from an earlier answer: sent as If-None-Match, and a 304 resolves to {@link NOT_MODIFIED}. */
  etag?: string | null;
  /** Follow redirects (feeds move: http → https, a feed service); default: a redirect fails. */
  follow?: boolean;
  /** Sees the headers of the answer that is returned (its ETag). */
  onHeaders?: (headers: Headers) => void;
}

/** What {@link SourceHttp.get} resolves to when the source answers 304 to an `etag`. */
export const NOT_MODIFIED = Symbol('not modified');

const RETRY_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);

/** The largest answer read by default: CoinGecko's whole derivatives list is a few MB. */
const MAX_BYTES = 32 * 1024 * 1024;

/** A body as text, or null once it passes `max` bytes (declared or read): the rest is not read. */
async function readText(res: Response, max: number): Promise<string | null> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > max || !res.body) {
    await res.body?.cancel();
    return declared > max ? null : '';
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Waits `ms`, or until `signal` aborts. The abort listener goes when the wait ends either way:
 * one signal spans every request and retry of a round (the LIVE=auto probe's), and listeners
 * left behind by finished waits piled up on it (Node's MaxListenersExceededWarning at start).
 */
export const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Retry-After as ms from now: seconds, or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

/** Zod issues as one short line: where the payload changed. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

export class SourceHttp {
  private readonly spent: { at: number; weight: number }[] = [];
  /** The source's own count of our weight, when it sends one. */
  private reported: { at: number; used: number } | null = null;
  private restUntil = 0;
  private lastSuccessAt: number | null = null;
  private lastError: { at: number; message: string } | null = null;
  private asked = false;
  /** The outcome of the latest attempt: timestamps alone cannot order two in the same millisecond. */
  private failing = false;

  constructor(private readonly o: HttpOptions) {}

  private now(): number {
    return (this.o.now ?? Date.now)();
  }

  /** Weight used in the current window (ours, or the source's count if higher). */
  used(): number {
    const now = this.now();
    const { windowMs } = this.o.budget;
    while (this.spent.length && this.spent[0]!.at <= now - windowMs) this.spent.shift();
    const ours = this.spent.reduce((s, e) => s + e.weight, 0);
    const theirs = this.reported && this.reported.at > now - windowMs ? this.reported.used : 0;
    return Math.max(ours, theirs);
  }

  /** The weight we allow ourselves per window: a share of the published limit. */
  limit(): number {
    return Math.floor(this.o.budget.limit * (this.o.budget.share ?? 0.5));
  }

  /** Until when the source rests after a ban or a long Retry-After (epoch ms; 0: it does not). */
  restingUntil(): number {
    return this.restUntil;
  }

  state(): SourceState {
    return {
      name: this.o.name,
      status: !this.asked ? 'idle' : this.failing ? 'failing' : 'ok',
      lastSuccessAt: this.lastSuccessAt,
      lastError: this.lastError,
      budget: { used: this.used(), limit: this.limit(), windowMs: this.o.budget.windowMs },
    };
  }

  private fail(message: string, status?: number): SourceError {
    const error = new SourceError(this.o.name, message, status);
    this.lastError = { at: this.now(), message: error.message };
    this.failing = true;
    return error;
  }

  /**
   * Awaits every request of one multi-request read and throws the first failure only once all have
   * settled: nothing is left in flight behind the caller's back, and the source reads as failing
   * even when a sibling request succeeded after the one that failed.
   */
  async all<T extends readonly unknown[] | []>(work: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
    const settled = (await Promise.allSettled(work)) as PromiseSettledResult<unknown>[];
    const rejected = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (rejected) {
      const error =
        rejected.reason instanceof SourceError
          ? rejected.reason
          : this.fail(`request failed: ${(rejected.reason as Error).message}`);
      this.lastError = { at: this.now(), message: error.message };
      this.failing = true;
      throw error;
    }
    return settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as {
      -readonly [K in keyof T]: Awaited<T[K]>;
    };
  }

  /**
   * Reads the markets of one source apart (Bybit's spot, linear and inverse; OKX's spot, perpetual
   * and dated futures), so one market failing drops none of the others: each market's answer, or
   * when its read fails its last good one from `kept` (whose figures keep their time and go stale
   * in the aggregation; nothing is dropped as if delisted). Throws when every market failed. A
   * failed market leaves the source reading as failing, its error naming the market.
   */
  async eachMarket<K extends string, T>(
    markets: readonly K[],
    read: (market: K) => Promise<T[]>,
    kept: Map<K, T[]>,
  ): Promise<T[]> {
    const settled = await Promise.allSettled(markets.map((m) => read(m)));
    const failed = settled.flatMap((r, i) =>
      r.status === 'rejected' ? [{ market: markets[i]!, reason: r.reason as Error }] : [],
    );
    const bare = (e: Error) => e.message.replace(`${this.o.name}: `, '');
    const message = (f: { market: K; reason: Error }) => `${f.market}: ${bare(f.reason)}`;
    if (failed.length === markets.length) {
      // One cause for all (a ban, a changed envelope): that error as it is.
      const first = failed[0]!.reason;
      if (first instanceof SourceError && failed.every((f) => bare(f.reason) === bare(first))) {
        this.fail(bare(first), first.status);
        throw first;
      }
      throw this.fail(failed.map(message).join('; '), first instanceof SourceError ? first.status : undefined);
    }
    const out: T[] = [];
    settled.forEach((r, i) => {
      const market = markets[i]!;
      if (r.status === 'fulfilled') kept.set(market, r.value);
      out.push(...(r.status === 'fulfilled' ? r.value : (kept.get(market) ?? [])));
    });
    if (failed.length) this.fail(failed.map(message).join('; '));
    else this.failing = false;
    return out;
  }

  /** GETs `path` and returns the validated body; throws SourceError. */
  async get<S extends z.ZodTypeAny>(
    path: string,
    options: GetOptions<S> & { etag: string },
  ): Promise<z.output<S> | typeof NOT_MODIFIED>;
  async get<S extends z.ZodTypeAny>(path: string, options: GetOptions<S>): Promise<z.output<S>>;
  async get<S extends z.ZodTypeAny>(path: string, options: GetOptions<S>): Promise<z.output<S> | typeof NOT_MODIFIED> {
    this.asked = true;
    const weight = options.weight ?? 1;
    const url = new URL(path.replace(/^\//, ''), this.o.baseUrl.endsWith('/') ? this.o.baseUrl : `${this.o.baseUrl}/`);
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const retries = this.o.retries ?? 2;
    const sleep = this.o.sleep ?? defaultSleep;
    const random = this.o.random ?? Math.random;
    for (let attempt = 0; ; attempt++) {
      if (this.now() < this.restUntil)
        throw this.fail(`resting after a ban or rate limit until ${new Date(this.restUntil).toISOString()}`);
      if (this.used() + weight > this.limit())
        throw this.fail(
          `request budget spent (${this.used()} of ${this.limit()} per ${this.o.budget.windowMs / 1000} s)`,
        );
      this.spent.push({ at: this.now(), weight });
      let retryWait: number | null = null;
      let failure: SourceError;
      try {
        const signal = options.signal
          ? AbortSignal.any([options.signal, AbortSignal.timeout(this.o.timeoutMs ?? 10_000)])
          : AbortSignal.timeout(this.o.timeoutMs ?? 10_000);
        const res = await (this.o.fetch ?? fetch)(url, {
          headers: {
            accept: 'application/json',
            ...this.o.headers,
            ...options.headers,
            ...(options.etag ? { 'if-none-match': options.etag } : {}),
          },
          signal,
          redirect: options.follow ? 'follow' : 'error',
        });
        if (res.status === 304 && options.etag) {
          await res.body?.cancel();
          this.lastSuccessAt = this.now();
          this.failing = false;
          return NOT_MODIFIED;
        }
        // toNumber, not Number: a missing header (null) must not read as "0 used".
        const usedHeader = this.o.usedWeightHeader ? toNumber(res.headers.get(this.o.usedWeightHeader)) : null;
        if (usedHeader !== null) this.reported = { at: this.now(), used: usedHeader };
        const after = retryAfterMs(res.headers.get('retry-after'), this.now());
        const limited = res.ok ? null : (this.o.rateLimited?.(res.status, res.headers, this.now()) ?? null);
        if (limited !== null) {
          await res.body?.cancel();
          this.restUntil = Math.max(this.restUntil, limited);
          throw this.fail(
            `rate limit spent (HTTP ${res.status}); resting until ${new Date(limited).toISOString()}`,
            res.status,
          );
        }
        if ((this.o.banStatuses ?? []).includes(res.status)) {
          await res.body?.cancel();
          this.restUntil = this.now() + (after ?? 120_000);
          throw this.fail(`banned (HTTP ${res.status}); not retried`, res.status);
        }
        if (!res.ok) {
          await res.body?.cancel();
          failure = this.fail(`HTTP ${res.status}`, res.status);
          if (!RETRY_STATUSES.has(res.status)) throw failure;
          if (after !== null && after > (this.o.maxRetryWaitMs ?? 10_000)) {
            this.restUntil = this.now() + after;
            throw failure;
          }
          retryWait = after;
        } else {
          const text = await readText(res, this.o.maxBytes ?? MAX_BYTES);
          if (text === null)
            throw this.fail(
              `answer larger than ${Math.round((this.o.maxBytes ?? MAX_BYTES) / 1024)} KB; not read`,
              res.status,
            );
          let json: unknown = text;
          if (options.body !== 'text')
            try {
              json = JSON.parse(text);
            } catch {
              throw this.fail(`malformed JSON (${text.slice(0, 60).replace(/\s+/g, ' ')}…)`, res.status);
            }
          const parsed = options.schema.safeParse(json);
          if (!parsed.success) throw this.fail(`unexpected payload: ${describeIssues(parsed.error)}`, res.status);
          const problem = options.check?.(parsed.data);
          if (!problem) {
            options.onHeaders?.(res.headers);
            this.lastSuccessAt = this.now();
            this.failing = false;
            return parsed.data;
          }
          failure = this.fail(problem.message, res.status);
          if (!problem.retry) throw failure;
        }
      } catch (e) {
        if (e instanceof SourceError) throw e;
        if (options.signal?.aborted) throw this.fail('cancelled');
        const name = (e as Error).name;
        failure = this.fail(
          name === 'TimeoutError'
            ? `timed out after ${this.o.timeoutMs ?? 10_000} ms`
            : `request failed: ${(e as Error).message}`,
        );
      }
      if (attempt >= retries) throw failure;
      const backoff = (this.o.backoffMs ?? 500) * 2 ** attempt * (0.5 + random());
      await sleep(Math.min(retryWait ?? backoff, this.o.maxRetryWaitMs ?? 10_000), options.signal).catch(() => {
        throw this.fail('cancelled');
      });
    }
  }
}

export * from './values.ts';
