/**
 * Markup of the calendar's events as strings (src/lib/html.ts), as the other lists do
 * (../news/markup.ts): a week of events used to render four components per event. EventCard.astro,
 * DayList.astro and Importance.astro place it; its styles are global under .cal-event.
 */
import { timeOfDay } from '../../../lib/calendar.ts';
import { attr, html, type SafeHtml } from '../../../lib/html.ts';
import { foreignLang, langTagHtml } from '../../../lib/i18n/contentLanguage.ts';
import type { View } from '../../../server/view.ts';
import { voteButtonsHtml } from '../../reader/votes/index.ts';
import { CALENDAR_LOCALE, type CalendarEvent } from './calendar.server.ts';

/** Importance 1–5 as five stars, with the level spelled out for screen readers. */
export function importanceHtml(v: View, level: number): SafeHtml {
  const label = v.t('calendar.importanceLevel', { level });
  return html`<span class="${level >= 4 ? 'stars high' : 'stars'}" title="${label}" data-testid="calendar-importance" data-level="${level}"><span aria-hidden="true">${'★'.repeat(level)}${'☆'.repeat(5 - level)}</span><span class="sr-only">${label}</span></span>`;
}

/**
 * One calendar event with every fact: time, importance, title, coin, exchange, credibility, votes,
 * source, tags. `link`: the title links to the detail page (not on the detail page itself).
 */
export function eventCardHtml(v: View, event: CalendarEvent, link = true): SafeHtml {
  const { t } = v;
  const lang = attr('lang', foreignLang(CALENDAR_LOCALE, v.locale));
  const title = link ? html`<a href="${v.href(`/calendar/${event.id}`)}">${event.title}</a>` : event.title;
  const coin = event.coin
    ? html`<a class="cal-chip" href="${v.href(`/coin/${encodeURIComponent(event.coin.id)}`)}" data-testid="calendar-coin" title="${`${t('calendar.coin')}: ${v.coinName(event.coin)}`}">${event.coin.symbol}</a>`
    : null;
  const exchange = event.exchange
    ? html`<a class="cal-chip" href="${v.href(`/exchange/${encodeURIComponent(event.exchange.name)}`)}" data-testid="calendar-exchange" title="${t('calendar.exchange')}">${event.exchange.displayName}</a>`
    : null;
  const credibility =
    event.credibility !== null
      ? html`<span data-testid="calendar-credibility">${t('calendar.credibility')} <b class="num">${t('calendar.credibilityValue', { value: event.credibility })}</b></span>`
      : null;
  const votes = voteButtonsHtml(v, {
    kind: 'calendar',
    id: event.id,
    up: event.votesUp,
    down: event.votesDown,
    testid: 'calendar-votes',
  });
  const source = event.source
    ? html`<span class="muted" data-testid="calendar-source">${t('calendar.source')}: <span${lang}>${event.source}</span></span>`
    : null;
  const tags = event.tags.length
    ? html`<ul class="chips cal-tags" aria-label="${t('calendar.tags')}"${lang}>${event.tags.map((tag) => html`<li><span>#${tag}</span></li>`)}</ul>`
    : null;
  return html`<article class="cal-event" data-testid="calendar-event" data-importance="${event.importance}"><time class="cal-time num" datetime="${event.startsAt}">${timeOfDay(event.startsAt)}</time><div class="cal-main"><h3 class="cal-title">${langTagHtml(t, CALENDAR_LOCALE, v.locale)}<span${lang}>${title}</span></h3><div class="cal-facts">${importanceHtml(v, event.importance)} ${coin} ${exchange} ${credibility} ${votes} ${source}</div>${tags}</div></article>`;
}
