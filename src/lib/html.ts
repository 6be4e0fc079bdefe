/**
 * HTML from template literals, escaped by default: the fast path for markup that every page
 * repeats (the site chrome, table rows). Every `${value}` is escaped for text and quoted
 * attributes unless it is already {@link SafeHtml} (the result of another `html` template, or
 * `raw()` of markup built here); arrays are joined; `null`, `undefined` and `false` print nothing.
 *
 * An Astro component per cell costs a promise chain and a render context; a page with a few
 * hundred of them spent most of its render there. The same markup from strings costs microseconds.
 * Astro pages place the result with `<Fragment set:html={…} />`.
 */

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const UNSAFE = /[&<>"']/g;
/** The same class without the global flag: `test` then keeps no state between strings. */
const HAS_UNSAFE = /[&<>"']/;

/** Escapes text for an element body or a quoted attribute value. */
export function escapeHtml(value: string): string {
  return HAS_UNSAFE.test(value) ? value.replace(UNSAFE, (c) => ESCAPES[c]!) : value;
}

type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

function print(value: HtmlValue): string {
  if (value === null || value === undefined || value === false || value === true) return '';
  if (value instanceof SafeHtml) return value.value;
  if (typeof value === 'number') return String(value); // digits, sign, point, e: nothing to escape
  if (Array.isArray(value)) {
    let out = '';
    for (const v of value) out += print(v as HtmlValue);
    return out;
  }
  return escapeHtml(String(value));
}

/**
 * @example html`<a href="${url}">${name}</a>` // escapes url and name
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += print(values[i]!) + strings[i + 1]!;
  return new SafeHtml(out);
}

/** Markup that is known to be safe (built by this module or a constant). */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/**
 * An attribute, or nothing when the value is null, undefined or false (`true`: a bare boolean
 * attribute). Values are escaped.
 * @example html`<a${attr('aria-current', active && 'page')}>` // ' aria-current="page"' or ''
 */
export function attr(name: string, value: string | number | boolean | null | undefined): SafeHtml {
  if (value === null || value === undefined || value === false) return EMPTY;
  if (value === true) return new SafeHtml(` ${name}`);
  return new SafeHtml(` ${name}="${escapeHtml(String(value))}"`);
}

const EMPTY = new SafeHtml('');
