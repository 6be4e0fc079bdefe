/**
 * The rows of the recently-added table (NewCoinsTable.astro) as one string (src/lib/html.ts): a
 * component per cell cost more than the rest of the page.
 */
import { attr, html, type SafeHtml } from '../../../lib/html.ts';
import type { View } from '../../../server/view.ts';
import { changeHtml, marketCapTitle } from '../coins/client/index.ts';
import { coinCellHtml, priceTitle } from './cells.ts';
import type { NewCoin } from './newCoins.server.ts';

/** When and where each coin was first seen ("--" with a tooltip when no exchange is named), then its market figures. */
export function newCoinRowsHtml(v: View, coins: readonly NewCoin[]): SafeHtml {
  const { t, money } = v;
  const addedTitle = (c: NewCoin) =>
    c.addedPrecision === 'time'
      ? t('newCoins.addedTime', { time: `${c.addedAt.slice(0, 10)} ${c.addedAt.slice(11, 16)}` })
      : t('newCoins.addedDay');
  const firstExchange = (c: NewCoin) =>
    c.firstExchange === null
      ? html`<span class="muted" title="${t('newCoins.exchangeUnknown')}" data-unknown="true">--</span>`
      : c.firstExchange.name
        ? html`<a href="${v.href(`/exchange/${encodeURIComponent(c.firstExchange.name)}`)}">${c.firstExchange.displayName}</a>`
        : c.firstExchange.displayName;
  return html`${coins.map(
    (c) =>
      html`<tr data-coin="${c.id}"><td class="l muted num">${c.position}</td><td class="l">${coinCellHtml(v, c)}</td><td class="num" data-field="added"><time datetime="${c.addedAt}" title="${addedTitle(c)}">${v.date(c.addedAt)}</time></td><td class="l" data-field="first-exchange">${firstExchange(c)}</td><td class="num" data-live-price="${c.id}"${attr('title', priceTitle(v, c))}>${money.price(c.price)}</td><td>${changeHtml(money.change(c.change24h), c.id)}</td><td class="num"${attr('title', marketCapTitle(v, c))}>${c.marketCapEstimate ? '≈' : ''}${money.amount(c.marketCap)}</td></tr>`,
  )}`;
}
