/**
 * The pieces both live charts (mountKlineChart.ts, mountPriceChart.ts) build the same way: the
 * message over the box, the switches' clicks, the address bar, the news markers, and dropping
 * answers for views the reader has left.
 */
import type { IChartApi } from 'lightweight-charts';
import type { createTranslator, Dict, Locale } from '../../../../lib/i18n/index.ts';
import { nextTask } from './chartTheme.ts';
import type { NewsMarkers } from './newsMarkers.ts';

type Translate = ReturnType<typeof createTranslator>;

/**
 * Puts the chart's message over its box (`stage`), replacing the one there: a text, or the error
 * with a retry button; `null` clears it.
 */
export function showChartMessage(
  stage: HTMLElement,
  className: string,
  message: string | { t: Translate; retry: () => void } | null,
): void {
  stage.querySelector(`.${className}`)?.remove();
  if (message === null) return;
  const overlay = document.createElement('div');
  overlay.className = className;
  overlay.setAttribute('role', 'status');
  if (typeof message === 'string') overlay.textContent = message;
  else {
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.textContent = message.t('kline.retry');
    retry.addEventListener('click', message.retry);
    overlay.append(
      Object.assign(document.createElement('span'), { textContent: message.t('kline.error') }),
      ' ',
      retry,
    );
  }
  stage.append(overlay);
}

/**
 * Calls `choose` with the switch link (matching `selector`) a plain click lands on, instead of
 * following it; a click with a modifier (a new tab) is left to the browser.
 */
export function onSwitchClick(nav: Element | null, selector: string, choose: (link: HTMLAnchorElement) => void): void {
  nav?.addEventListener('click', (e) => {
    const event = e as MouseEvent;
    const link = (event.target as Element).closest<HTMLAnchorElement>(selector);
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    choose(link);
  });
}

/** Keeps the view in the address bar (replacing the entry), so it can be shared and reloaded. */
export function replaceQuery(drop: string[], set: Iterable<[string, string]>): void {
  const url = new URL(window.location.href);
  for (const name of drop) url.searchParams.delete(name);
  for (const [name, value] of set) url.searchParams.set(name, value);
  window.history.replaceState(window.history.state, '', url);
}

/**
 * The news markers of a chart, loaded after its candles in their own small chunk: returns the
 * function that places them on the drawn bars (open times, ms) of `step` ms each.
 */
export function newsMarkersOf(
  chart: () => IChartApi | null,
  o: { stage: HTMLElement; coinId: string; locale: Locale; dict: Dict },
): (bars: number[], step: number) => void {
  let markers: NewsMarkers | null = null;
  return (bars, step) =>
    void import('./newsMarkers.ts')
      .then(({ createNewsMarkers }) => {
        const api = chart();
        if (!api) return;
        markers ??= createNewsMarkers({ chart: api, ...o });
        markers.setBars(bars, step);
      })
      .catch((e: unknown) => console.error('[news markers]', e));
}

/**
 * The latest of a chart's loads wins: an answer for a view the reader has since left is dropped.
 * `draw` gets the answer of the load still wanted, in a task of its own unless `ownTask` is false
 * (a new chart draws its first candles before its first frame); `fail` gets its error.
 */
export function latestLoad<T>(draw: (data: T) => void, fail: (e: unknown) => void) {
  let generation = 0;
  return {
    /** Starts a load: its ticket, the latest until the next start or drop. */
    start: () => ++generation,
    /** Drops every load under way. */
    drop: () => {
      generation++;
    },
    isLatest: (ticket: number) => ticket === generation,
    async finish(pending: Promise<T>, ticket: number, ownTask = true): Promise<void> {
      try {
        const data = await pending;
        if (ownTask) await nextTask();
        if (ticket === generation) draw(data);
      } catch (e) {
        if (ticket === generation) fail(e);
      }
    },
  };
}
