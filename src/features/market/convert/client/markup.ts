/**
 * The result panel as a string, drawn by the server (Converter.astro) and redrawn by the
 * browser (live.ts) as the reader types and the prices move: the converted amount, the rate both
 * ways, and where each side's price or rate comes from and how old it is.
 */
import { html, type SafeHtml } from '../../../../lib/html.ts';
import { sentenceWithAge, sourceList, type AgeView } from '../../../../lib/provenance.ts';
import type { Ratio } from '../exact.ts';
import { quoteText, type Leg } from '../model.ts';

export interface PanelView extends AgeView {
  /** The methodology page's path in the page's language. */
  methodology: string;
}

/** Where one side's figure comes from and its age; null for the US dollar (1 by definition). */
function legHtml(v: PanelView, leg: Leg): SafeHtml | null {
  if (leg.kind === 'fiat' && leg.at === null) return null;
  const age = sentenceWithAge(v, 'provenance.updated', leg.at);
  if (leg.kind === 'fiat') return html`<span>${v.t('convert.fiatRate', { code: leg.code })} · ${age}</span>`;
  const what = leg.sources.length
    ? v.t('convert.coinPrice', { code: leg.code, sources: sourceList(v, leg.sources) })
    : v.t('convert.coinDemo', { code: leg.code });
  const stale = leg.stale ? html`<span class="badge stale">${v.t('provenance.stalePrice')}</span> ` : null;
  return html`<span>${stale}${what} · ${age}</span>`;
}

/** The panel of `amount` from → to; without an amount (one was refused) only the rates. */
export function panelHtml(v: PanelView, amount: Ratio | null, from: Leg, to: Leg): SafeHtml {
  const one = { n: 1n, d: 1n };
  const text = amount ? quoteText(amount, from, to) : quoteText(one, from, to);
  if (!text) return html``;
  const legs = (from.code === to.code ? [from] : [from, to]).map((l) => legHtml(v, l)).filter((l) => l !== null);
  const result = amount
    ? html`<p class="cv-result" data-testid="convert-result"><span class="cv-amount" data-testid="convert-amount">${text.amount}</span> = <span class="cv-value" data-testid="convert-value">${text.result}</span></p>`
    : null;
  return html`${result}<p class="cv-rates"><span class="num" data-testid="convert-rate">${text.rate}</span> <span class="num" data-testid="convert-inverse">${text.inverse}</span></p>
<p class="cv-provenance muted" data-testid="convert-provenance">${legs.map((l, i) => html`${i ? ' · ' : ''}${l}`)}${legs.length ? ' · ' : ''}<a href="${v.methodology}">${v.t('provenance.methodology')}</a></p>`;
}

/** The picker's choices (currencies, then the top coins) for the form's code fields, as a datalist. */
export function currencyListHtml(options: readonly { code: string; label: string }[]): SafeHtml {
  return html`<datalist id="cv-currencies">${options.map((o) => html`<option value="${o.code}">${o.label}</option>`)}</datalist>`;
}
