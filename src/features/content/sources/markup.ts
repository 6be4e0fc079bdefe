/**
 * The origin line of a content item (src/lib/html.ts strings, for the lists and the Astro
 * components alike): the source's name linking to the original, or the demo label; and the
 * tag of an item converted from Simplified to Traditional Chinese.
 */
import { html, type SafeHtml } from '../../../lib/html.ts';
import type { View } from '../../../server/view.ts';
import { type Origin, traditional } from './origin.ts';

/**
 * "From CoinDesk" with the link to the original, "Demo", or nothing (an import without a link).
 * `kindDemo`: the list says once that its kind is demo content (demoNoteHtml), so items need not.
 */
export function originHtml(v: View, origin: Origin, kindDemo = false): SafeHtml | null {
  if (origin.demo && kindDemo) return null;
  if (origin.demo)
    return html`<span class="badge demo" title="${v.t('sources.demoHint')}" data-testid="demo-item">${v.t('sources.demo')}</span>`;
  if (!origin.link) return null;
  // A Chinese outlet's name, like its items, in the script of the page.
  const name = origin.name ? (v.locale === 'zh-hk' ? traditional(origin.name) : origin.name) : v.t('sources.original');
  return html`<a class="origin" href="${origin.link}" rel="nofollow noopener noreferrer" target="_blank" data-testid="item-source">${v.t('sources.from', { name })}</a>`;
}

/** The tag of a Simplified item a Traditional reader sees converted. */
export function convertedHtml(v: View, item: { convertedFrom?: 'zh' }): SafeHtml | null {
  return item.convertedFrom
    ? html`<span class="badge lang-tag" title="${v.t('sources.convertedHint')}" data-testid="converted">${v.t('sources.converted')}</span>`
    : null;
}

/** A list's note that its kind is still the demo seeder's (the badge goes with the first real round). */
export function demoNoteHtml(v: View): SafeHtml {
  return html`<span class="badge demo" title="${v.t('sources.demoKind')}" data-testid="demo-kind">${v.t('sources.demo')}</span>`;
}

/** A list's footnote when some of its items were converted from Simplified Chinese. */
export function convertedNoteHtml(v: View, items: readonly { convertedFrom?: 'zh' }[]): SafeHtml | null {
  return items.some((i) => i.convertedFrom)
    ? html`<p class="converted-note muted" data-testid="converted-note">${v.t('sources.convertedNote')}</p>`
    : null;
}
