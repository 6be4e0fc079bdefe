/**
 * Cells the trending and recently-added tables share with the coin list: the coin with its demo
 * and stale marks, and where the price comes from and how old it is (the coin table's tooltip).
 */
import { html, type SafeHtml } from '../../../lib/html.ts';
import { ageText, sourceList } from '../../../lib/provenance.ts';
import type { CoinSummary } from '../../../lib/rows.ts';
import type { View } from '../../../server/view.ts';
import { coinNameHtml, stalePriceHtml } from '../coins/client/index.ts';

/** The coin's name cell: icon, name and symbol linked to its page, then the demo or stale mark. */
export function coinCellHtml(v: View, c: CoinSummary): SafeHtml {
  const demo = c.demo
    ? html` <span class="badge demo" title="${v.t('provenance.demoRowHint')}" data-testid="demo-row">${v.t('provenance.demoRow')}</span>`
    : null;
  return html`${coinNameHtml(v, c)}${demo}${c.stale ? html` ${stalePriceHtml(v, c)}` : null}`;
}

/** Where a row's price comes from and how old it is; undefined for the demo data's (the header badge says so). */
export function priceTitle(v: View, c: CoinSummary): string | undefined {
  if (!c.sources.length) return undefined;
  return `${v.t('provenance.priceFrom', { sources: sourceList(v, c.sources) })} · ${v.t('provenance.updated', { age: ageText(v, c.priceAt) })}`;
}
