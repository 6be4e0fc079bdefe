/**
 * What the coin page's "Add to portfolio" dialog needs from the server (client/QuickAdd.tsx loads
 * only when a reader asks for it): the words it shows, sent with the page as a small dictionary,
 * and the coin's price as the form's starting value.
 */

/** The keys of the dialog's dictionary: its own words, the form's labels and the form's refusals. */
export const QUICK_ADD_WORDS = [
  'portfolio.ui.quick',
  'portfolio.ui.kind',
  ...['type', 'coin', 'coinHint', 'date', 'quantity', 'price', 'currency', 'fee', 'note', 'add', 'choose']
    .concat(['defaultName', 'visitorNote', 'loading', 'loadFailed'])
    .map((k) => `portfolio.ui.${k}`),
  ...['added', 'badBody', 'coinRule', 'kindRule', 'timeRule', 'timeRange', 'quantityRule', 'priceRule', 'feeRule']
    .concat(['currencyRule', 'priceNeeded', 'noteRule_one', 'noteRule_other'])
    .map((k) => `portfolio.${k}`),
  'account.common.network',
] as const;

/**
 * A price as the form's plain decimal (no grouping, no exponent; what `parseTx` accepts): eight
 * significant digits, two decimals from 10,000 up; empty when there is none to offer.
 * @example priceField(64123.456789) // '64123.46'
 * @example priceField(0.000123456789) // '0.00012345679'
 * @example priceField(1e-9) // ''
 */
export function priceField(price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price) || price <= 0) return '';
  const text = price >= 1e4 ? price.toFixed(2) : price.toPrecision(8);
  if (/e/i.test(text)) return '';
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}
