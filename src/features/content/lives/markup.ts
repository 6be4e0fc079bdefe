/**
 * Markup of the flash news timeline, as strings (src/lib/html.ts): each item used to be four
 * Astro components (the item, its language tag, its origin, its vote buttons), most of /lives'
 * render. Timeline.astro places it, with its styles global under .lives-timeline and the vote
 * buttons' script (VoteScript.astro).
 */
import { dayHeading, timeOfDay } from '../../../lib/calendar.ts';
import { html, attr, type SafeHtml } from '../../../lib/html.ts';
import { foreignLang, langTagHtml } from '../../../lib/i18n/contentLanguage.ts';
import type { View } from '../../../server/view.ts';
import { voteButtonsHtml } from '../../reader/votes/index.ts';
import { convertedHtml, originHtml } from '../sources/index.ts';
import { groupLivesByDay, type LiveItem } from './lives.server.ts';

/** One item: time, importance flag, title, text, origin, coins, votes. */
function liveEntryHtml(v: View, item: LiveItem, kindDemo: boolean): SafeHtml {
  const { t } = v;
  const lang = attr('lang', foreignLang(item.locale, v.locale));
  const coins = item.coins.length
    ? html`<ul class="chips" aria-label="${t('lives.relatedCoins')}"> ${item.coins.map(
        (c) =>
          html`<li><a href="${v.href(`/coin/${encodeURIComponent(c.id)}`)}" data-testid="lives-coin" title="${v.coinName(c)}">${c.symbol}</a></li>`,
      )} </ul>`
    : null;
  return html`<li class="lives-item${item.important ? ' important' : ''}" data-testid="lives-item" data-id="${item.id}"> <time class="lives-time num" datetime="${item.publishedAt}">${timeOfDay(item.publishedAt)}</time> <div class="lives-content"> <h3 class="lives-title"> ${item.important ? html`<span class="badge demo" data-testid="lives-important">${t('lives.important')}</span>` : null} ${langTagHtml(t, item.locale, v.locale)} <a href="${v.href(`/lives/${item.id}`)}"${lang}>${item.title}</a> </h3> <p class="lives-body"${lang}>${item.body}</p> <div class="lives-meta"> ${originHtml(v, item.origin, kindDemo)}${convertedHtml(v, item)} ${coins} ${voteButtonsHtml(v, { kind: 'flash', id: item.id, up: item.votesUp, down: item.votesDown, class: 'lives-votes' })}   </div> </div> </li>`;
}

/** The timeline: the items under a heading per UTC day, in the locale's date format. */
export function timelineHtml(v: View, items: readonly LiveItem[], kindDemo = false): SafeHtml {
  return html`<section class="lives-timeline" data-testid="lives-timeline" aria-label="${v.t('lives.timeline')}"> ${groupLivesByDay(
    items,
  ).map(
    (g) =>
      html`<section class="lives-day" data-day="${g.date}"> <h2 class="lives-day-head" data-testid="lives-day"><time datetime="${g.date}">${dayHeading(g.date, v.locale)}</time></h2> <ol class="lives-items"> ${g.items.map((item) => liveEntryHtml(v, item, kindDemo))} </ol> </section>`,
  )} </section>`;
}
