/**
 * The rows of a ranking table (RankTable.astro) as one string (src/lib/html.ts): a component per
 * cell cost more than the rest of the page. The columns follow the rows' type.
 */
import { attr, html, type SafeHtml } from '../../../lib/html.ts';
import { repoRowBadgeHtml } from '../../../lib/repoProvenance.ts';
import type { View } from '../../../server/view.ts';
import { formatRoi, platformLabel } from '../../content/offerings/index.ts';
import { changeHtml, coinNameHtml, stalePriceHtml } from '../coins/client/index.ts';
import type { Ranking, RankRow } from './rankings.server.ts';

export function rankRowsHtml(v: View, ranking: Ranking): SafeHtml {
  const { t, money } = v;
  const kind = ranking.kind;
  const rows = ranking.list;
  const repoRows = rows.flatMap((r) => (r.type === 'repo' ? [r] : []));
  const pct = (x: number | null) => (x === null ? '--' : v.percent(x).replace(/^\+/, ''));
  const signed = (n: number) => (n > 0 ? `+${money.amount(n)}` : n < 0 ? `-${money.amount(-n)}` : money.amount(0));
  const dir = (n: number) => (n > 0 ? 'num up' : n < 0 ? 'num down' : 'num');

  const nameCell = (r: RankRow): SafeHtml => {
    if (r.type === 'exchange-flow')
      return html`<td class="l"><a href="${v.href(`/exchange/${encodeURIComponent(r.name)}`)}">${r.displayName}</a> <span class="muted">${r.exchangeType}</span></td>`;
    if (r.type === 'offering')
      return html`<td class="l"><a href="${v.href(`/ieo/${encodeURIComponent(r.slug)}`)}" data-testid="offering-link">${r.name}</a> <span class="muted">${r.symbol} · ${r.kind}</span></td>`;
    const stale = r.stale ? html` ${stalePriceHtml(v, r)}` : null;
    return html`<td class="l">${coinNameHtml(v, r)}${stale}${r.type === 'repo' ? repoRowBadgeHtml(v, r, repoRows) : null}</td>`;
  };

  const figureCells = (r: RankRow): SafeHtml | null => {
    if (r.type === 'coin') {
      const value =
        kind === 'rise' || kind === 'fall'
          ? html`<td>${changeHtml(r.value)}</td>`
          : html`<td class="num" data-field="value">${kind === 'volume' ? money.amount(r.value) : kind === 'turnover' ? pct(r.value) : v.number(r.value, false)}</td><td>${changeHtml(money.change(r.change24h), r.id)}</td>`;
      return html`<td class="num" data-live-price="${r.id}">${money.price(r.price)}</td>${value}<td class="num">${money.amount(r.marketCap)}</td>${kind !== 'volume' ? html`<td class="num">${money.amount(r.volume24h)}</td>` : null}`;
    }
    if (r.type === 'coin-flow' || r.type === 'exchange-flow')
      return html`<td class="num">${money.amount(r.inflow)}</td><td class="num">${money.amount(r.outflow)}</td><td class="${dir(r.netflow)}" data-field="netflow" data-value="${r.netflow}">${signed(r.netflow)}</td><td class="num">${money.amount(r.volume24h)}</td>`;
    if (r.type === 'offering')
      return html`<td class="l">${platformLabel(v, r.platform)}</td><td class="num">${money.price(r.price)}</td><td class="num" data-field="roi">${formatRoi(r.roi)}</td><td class="num">${v.date(r.endAt)}</td>`;
    if (r.type === 'repo')
      return html`<td class="num" data-field="stars">${v.number(r.stars, false)}</td><td class="num">${v.number(r.forks, false)}</td><td class="num" data-field="commits30d">${v.number(r.commits30d, false)}</td><td class="num">${v.number(r.contributors, false)}</td><td class="num"${attr('title', r.fetchedAt ? t('provenance.repoFrom', { age: v.ago(r.fetchedAt) }) : undefined)}>${v.ago(r.lastCommitAt)}</td>`;
    return null;
  };

  return html`${rows.map((r) => html`<tr><td class="l muted num">${r.position}</td>${nameCell(r)}${figureCells(r)}</tr>`)}`;
}
