/**
 * Live price cells on server-rendered pages. Components mark cells with
 * `data-live-price="<coin id>"` (a USD price, shown in the page's currency) and
 * `data-live-change="<coin id>"` (the 24-hour change, a Change.astro span); this module
 * watches those coins through `$prices` and rewrites the cells in place with the server's own
 * formatting (src/lib), flashing them in the rise or fall colour for a second. Without
 * JavaScript the server-rendered values simply stay.
 */
import { formatPercent, trend } from '../../../../lib/format/index.ts';
import { toLocale } from '../../../../lib/i18n/index.ts';
import { changeIn, createMoney, MARKET_RATE_COINS, rateChanges } from '../../../../lib/money.ts';
import { $prices, watchPrices } from '../../../../stores/prices.ts';

/** Most coins one page streams (the server's limit). */
const MAX_LIVE_COINS = 200;
const FLASH_MS = 1000;

interface LiveCellsOptions {
  /** Currency, rate (units per USD) and locale; default the data attributes on <html>. */
  locale?: string;
  currency?: string;
  rate?: number;
}

/** Restarts the one-second rise/fall flash of a cell. */
function flash(el: HTMLElement, up: boolean): void {
  el.classList.remove('live-up', 'live-down');
  void el.offsetWidth; // restart the animation
  el.classList.add(up ? 'live-up' : 'live-down');
  const timer = Number(el.dataset.liveTimer);
  if (timer) clearTimeout(timer);
  el.dataset.liveTimer = String(setTimeout(() => el.classList.remove('live-up', 'live-down'), FLASH_MS));
}

/**
 * Starts updating the live cells under `root`; returns the function that stops.
 * @example const stop = startLiveCells(document)
 */
export function startLiveCells(root: ParentNode = document, options: LiveCellsOptions = {}): () => void {
  const html = document.documentElement;
  const locale = toLocale(options.locale ?? html.dataset.locale) ?? 'en';
  const currency = options.currency ?? html.dataset.currency ?? 'USD';
  const rate = options.rate ?? Number(html.dataset.rate || 1);
  let money = createMoney(locale, currency, { [currency]: rate > 0 ? rate : 1 });
  // In BTC, ETH or USDT the rate is that coin's price: it moves with the coin's ticks, taken
  // from the same batch as the other prices (so bitcoin in BTC stays exactly 1).
  const rateCoin = MARKET_RATE_COINS[currency];
  let ratePrice: number | undefined;
  // And changes there are measured against that coin's: bitcoin's in BTC is 0.
  let rateChange = rateChanges(html)['24h'] ?? null;

  const priceCells = new Map<string, HTMLElement[]>();
  const changeCells = new Map<string, HTMLElement[]>();
  for (const el of root.querySelectorAll<HTMLElement>('[data-live-price]')) {
    const id = el.dataset.livePrice!;
    priceCells.set(id, [...(priceCells.get(id) ?? []), el]);
  }
  for (const el of root.querySelectorAll<HTMLElement>('[data-live-change]')) {
    const id = el.dataset.liveChange!;
    changeCells.set(id, [...(changeCells.get(id) ?? []), el]);
  }
  const ids = [...new Set([...priceCells.keys(), ...changeCells.keys()])].slice(0, MAX_LIVE_COINS);
  if (!ids.length) return () => {};
  const watched = rateCoin && !ids.includes(rateCoin) ? [...ids.slice(0, MAX_LIVE_COINS - 1), rateCoin] : ids;
  const shown = new Map<string, number>();

  const update = (id: string) => {
    const tick = $prices.get()[id];
    if (!tick) return;
    if (id === rateCoin && tick.price > 0 && (tick.price !== ratePrice || tick.change24h !== rateChange)) {
      ratePrice = tick.price;
      if (tick.change24h !== null) rateChange = tick.change24h;
      money = createMoney(locale, currency, { [currency]: 1 / tick.price });
      for (const other of ids) if (other !== id) update(other);
    }
    const before = shown.get(id);
    shown.set(id, tick.price);
    const text = money.price(tick.price);
    for (const el of priceCells.get(id) ?? []) {
      if (el.textContent === text) continue;
      el.textContent = text;
      if (before !== undefined && before !== tick.price) flash(el, tick.price > before);
    }
    const value = changeIn(currency, tick.change24h, { '24h': rateChange });
    if (value === null) return;
    const change = formatPercent(value);
    const dir = trend(value);
    for (const el of changeCells.get(id) ?? []) {
      if (el.textContent === change) continue;
      el.textContent = change;
      el.dataset.trend = dir;
      el.classList.toggle('rise', dir === 'rise');
      el.classList.toggle('fall', dir === 'fall');
    }
  };

  const unlisten = $prices.listen((_value, _old, key) => {
    if (key) update(key as string);
    else watched.forEach(update);
  });
  const stop = watchPrices(watched);
  return () => {
    unlisten();
    stop();
  };
}
