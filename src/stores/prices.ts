/**
 * Live coin prices from the server's price stream (SSE at /api/stream/prices). Islands call
 * `watchPrices(ids)` for the coins they show and read `$prices`; one EventSource serves every
 * watcher and is reopened when the set of watched coins changes, closed when none is left, and
 * closed while the page is away in the back/forward cache. Nothing runs at import time (safe for
 * server rendering).
 */
import { map } from 'nanostores';
import { signedQuery } from './signing.ts';

export interface PriceTick {
  /** USD price. */
  price: number;
  change24h: number | null;
  /** When the price was observed, Unix ms. */
  at: number;
}

export const $prices = map<Record<string, PriceTick>>({});

const watchers = new Map<string, number>();
let source: EventSource | null = null;
let openFor = '';
let pending: ReturnType<typeof setTimeout> | null = null;
let retry: ReturnType<typeof setTimeout> | null = null;
/** Delay before reopening a stream the server refused or dropped; doubles up to 30 s. */
let backoff = 1000;

interface WireTick {
  id?: string;
  coinId?: string;
  price?: number | string;
  change24h?: number | string | null;
  at?: number | string;
}

/** Applies one stream message: `{ ticks: [...] }`, a bare array of ticks, or one tick. */
export function applyMessage(payload: unknown): void {
  const list: WireTick[] = Array.isArray(payload)
    ? payload
    : payload && typeof payload === 'object' && Array.isArray((payload as { ticks?: unknown }).ticks)
      ? (payload as { ticks: WireTick[] }).ticks
      : payload && typeof payload === 'object'
        ? [payload as WireTick]
        : [];
  for (const tick of list) {
    const id = tick.id ?? tick.coinId;
    const price = Number(tick.price);
    if (!id || !(price > 0)) continue;
    const at =
      tick.at === undefined
        ? Date.now()
        : typeof tick.at === 'number'
          ? tick.at
          : Date.parse(tick.at) || Number(tick.at);
    const change = tick.change24h === null || tick.change24h === undefined ? null : Number(tick.change24h);
    const prev = $prices.get()[id];
    if (prev && prev.at > at) continue;
    $prices.setKey(id, { price, change24h: Number.isFinite(change) ? change : null, at });
  }
}

async function reconnect(): Promise<void> {
  const ids = [...watchers.keys()].sort();
  const key = ids.join(',');
  if (key === openFor && source) return;
  if (retry) clearTimeout(retry);
  retry = null;
  source?.close();
  source = null;
  openFor = key;
  if (!ids.length || typeof EventSource === 'undefined') return;
  const query = await signedQuery({ symbols: key });
  if (openFor !== key || source) return; // the watched set changed while signing, or another call opened it
  const es = new EventSource(`/api/stream/prices?${query}`);
  es.onopen = () => {
    backoff = 1000;
  };
  // EventSource retries by itself after a network error (resuming with Last-Event-ID); it gives
  // up when the server answers with an error status: then reopen, freshly signed, with backoff.
  es.onerror = () => {
    if (es.readyState !== 2 || source !== es) return;
    source = null;
    retry = setTimeout(() => {
      retry = null;
      void reconnect();
    }, backoff);
    backoff = Math.min(backoff * 2, 30_000);
  };
  es.onmessage = (event) => {
    try {
      applyMessage(JSON.parse(event.data as string));
    } catch (e) {
      console.error('[prices]', e);
    }
  };
  source = es;
}

let pageEvents = false;

/**
 * The stream is closed when the page is left and reopened when it comes back from the
 * back/forward cache: an open stream keeps a page out of some browsers' cache, and Back would
 * then reload it, losing what the reader had loaded and where they were.
 */
function followPageLifecycle(): void {
  if (pageEvents || typeof window === 'undefined') return;
  pageEvents = true;
  window.addEventListener('pagehide', () => {
    if (retry) clearTimeout(retry);
    if (pending) clearTimeout(pending);
    retry = pending = null;
    source?.close();
    source = null;
    openFor = '';
  });
  window.addEventListener('pageshow', (e) => {
    if (e.persisted && watchers.size) void reconnect();
  });
}

function schedule(): void {
  if (pending) clearTimeout(pending);
  // Batch watchers that mount together into one connection.
  pending = setTimeout(() => {
    pending = null;
    void reconnect();
  }, 50);
}

/**
 * Starts streaming prices for `coinIds` into `$prices`; returns the function that stops
 * watching them (other watchers keep their coins).
 * @example const stop = watchPrices(['bitcoin']); … stop();
 */
export function watchPrices(coinIds: string[]): () => void {
  const ids = [...new Set(coinIds)];
  for (const id of ids) watchers.set(id, (watchers.get(id) ?? 0) + 1);
  followPageLifecycle();
  schedule();
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    for (const id of ids) {
      const n = (watchers.get(id) ?? 1) - 1;
      if (n > 0) watchers.set(id, n);
      else watchers.delete(id);
    }
    schedule();
  };
}
