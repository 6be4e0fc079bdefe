/**
 * The converter's markup as strings. The result panel is drawn by the server (Converter.astro)
 * and redrawn by the browser (live.ts) as the reader types and the prices move: the converted
 * amount, the rate both ways, and where each side's price or rate comes from and how old it is.
 * The form is the server's; form.ts only changes its values and attributes.
 */
import { attr, html, type SafeHtml } from '../../../../lib/html.ts';
import type { Dict } from '../../../../lib/i18n/index.ts';
import { sentenceWithAge, sourceList, type AgeView } from '../../../../lib/provenance.ts';
import type { Ratio } from '../exact.ts';
import { convertPath, parseAmount } from '../input.ts';
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

export interface FormView {
  t: AgeView['t'];
  /** The words form.ts needs in the browser (`convert.*`), carried on the form. */
  dict: Dict;
  /** Locale prefix of the page ("" or "/zh"). */
  base: string;
  /** What the form shows (the reader's own input, even when refused). */
  amount: string;
  from: string;
  to: string;
  /** The server's message about that input, in the page's language; null when it was fine. */
  problem: string | null;
}

/** The swap link: the same amount the other way round (a plain link without JavaScript). */
export function swapLink(base: string, from: string, to: string, amount: string) {
  return base + convertPath(to, from, parseAmount(amount).ok ? amount : null);
}

/**
 * The converter's form: a plain GET form that the server answers with the readable page, and
 * form.ts's from the first paint, which converts in place as the reader types.
 */
export function formHtml(v: FormView): SafeHtml {
  const { t } = v;
  const swap = t('convert.swap', { from: v.from, to: v.to });
  const code = (side: 'from' | 'to') =>
    html`<div class="cv-field"><label for="cv-${side}">${t(`convert.${side}`)}</label><input id="cv-${side}" name="${side}" list="cv-currencies" autocomplete="off" maxlength="30" title="${t('convert.pickerHint')}" value="${v[side]}" data-testid="convert-${side}"></div>`;
  return html`<form class="cv-form" method="get" action="${v.base}/convert" aria-label="${t('convert.form')}" data-convert-form data-base="${v.base}" data-dict="${JSON.stringify(v.dict)}" data-testid="convert-form"><div class="cv-field cv-amount-field"><label for="cv-amount">${t('convert.amount')}</label><input id="cv-amount" name="amount" type="text" inputmode="decimal" autocomplete="off" maxlength="64" value="${v.amount}"${attr('aria-invalid', v.problem !== null && 'true')} aria-describedby="cv-message" data-testid="convert-amount-input"></div>
${code('from')}<a class="cv-swap" href="${swapLink(v.base, v.from, v.to, v.amount)}" title="${swap}" aria-label="${swap}" data-testid="convert-swap">⇄</a>${code('to')}
<button type="submit" data-testid="convert-submit">${t('convert.submit')}</button><p id="cv-message" class="cv-message" role="alert" data-testid="convert-message">${v.problem}</p></form>`;
}
