// The plain template baseline of two long market lists (baseline.mjs): recently added coins
// (/new-coins, the new-coins API's first page) and spot market pairs (/pairs, the tickers API's
// first spot page), each with its export links and pager.
import { amount, change, coinCell, esc, exportLinks, fav, pager, price, two } from './baseline-markup.mjs';
import { highlights } from './baseline-trending.mjs';

const stamp = (iso) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;

export function newCoins(d) {
  const { tabs: A, page: P } = d.cid;
  const rows = d.list.list
    .map((c) => {
      const at = new Date(c.addedAt).toISOString();
      const ex = c.firstExchange
        ? `<a href="/exchange/${esc(c.firstExchange.name)}">${esc(c.firstExchange.displayName)}</a>`
        : '<span class="muted">--</span>';
      return `<tr data-coin="${esc(c.id)}"><td class="l muted num">${c.position}</td><td class="l">${coinCell(c)}</td><td class="num" data-field="added"><time datetime="${at}" title="${c.addedPrecision === 'time' ? `First seen ${stamp(at)} UTC` : `Listed ${at.slice(0, 10)}`}">${at.slice(0, 10)}</time></td><td class="l" data-field="first-exchange">${ex}</td><td class="num" data-live-price="${esc(c.id)}">${price(c.price)}</td><td>${change(c.change24h, c.id)}</td><td class="num">${amount(c.marketCap)}</td></tr>`;
    })
    .join('');
  const cols = [['Added'], ['First exchange', 'l'], ['Price'], ['24h %'], ['Market cap']]
    .map(([k, cls]) => `<th${cls ? ` class="${cls}"` : ''} scope="col">${k}</th>`)
    .join(' ');
  return `<main id="main">  ${highlights('new', A)}  <h1${P}>Recently added coins</h1> <p class="about muted" data-testid="new-coins-method"${P}>Newest first. For a coin the live sources brought in, the date is the round in which Coinlens first saw it trade and the exchange is the one that traded it most then; for the others, the date and exchange of the coin&#39;s first listing.</p>  ${exportLinks('new-coins', '', 50, false)} <div class="table-wrap"> <table class="data pin-2" data-testid="new-coins-table"> <thead> <tr> <th class="l" scope="col">#</th> <th class="l" scope="col">Name</th> ${cols} </tr> </thead> <tbody> ${rows} </tbody> </table> </div> ${pager('/new-coins', 1, 50, d.list.total, { param: true, defaultSize: 50 })}  </main>`;
}

const QUOTES = ['USDT', 'USD', 'USDC', 'KRW', 'EUR', 'ETH', 'BTC', 'JPY'];
const PAIR_SORTS = [
  ['#', 'l'],
  ['Name', 'l ph-hide'],
  ['Pair', 'l', 'pair'],
  ['Exchange', 'l ph-hide'],
  ['Price', '', 'price'],
  ['24h %', '', 'change24h'],
  ['Volume (24h)', '', 'volume24h'],
  ['Spread', '', 'spread'],
];

export function pairs(d) {
  const F = d.cid.filters;
  const quotes = QUOTES.map((q) => `<a href="/pairs?quote=${q}"${F}>${q}</a>`).join('');
  const head = PAIR_SORTS.map(
    ([label, cls, key]) =>
      `<th${cls ? ` class="${cls}"` : ''} scope="col">${key ? `<a href="/pairs?sort=${key}&amp;order=desc" rel="nofollow">${label}</a>` : label}</th>`,
  ).join('');
  const rows = d.list.list
    .map((t, i) => {
      const ex = `<a href="/exchange/${esc(t.exchange)}">${esc(t.exchangeDisplayName)}</a>`;
      return `<tr data-ticker="${t.id}">
<td class="l muted num">${fav(`TICKER:${t.id}`, `${t.pair} ${t.exchangeDisplayName}`)}${i + 1}</td>
<td class="l ph-hide"><a href="/coin/${esc(t.coinId)}">${esc(t.coinName)}</a></td>
<td class="l pair"><span class="pr" data-field="pair">${esc(t.pair)}</span><a class="ph-under" href="/exchange/${esc(t.exchange)}">${esc(t.exchangeDisplayName)}</a></td>
<td class="l ph-hide">${ex}</td>
<td class="num">${price(t.price)}</td>
<td>${change(t.change24h)}</td>
<td class="num">${amount(t.volume24h)}</td>
<td class="num">${t.spread == null ? '--' : `${two.format(t.spread)}%`}</td>
</tr>`;
    })
    .join('');
  return `<main id="main">  <h1>Market pairs</h1> <p class="muted">Spot trading pairs across all exchanges, by 24-hour volume. Filter by quote currency; click a column to sort.</p> <div class="toolbar"${F}> <nav class="tabs" aria-label="Quote currency" data-testid="pair-filters"${F}> <a href="/pairs" aria-current="page"${F}>All</a> ${quotes} </nav> ${exportLinks('pairs', '', 50, false)} </div> ${d.starsScript} <div class="table-wrap"><table class="data pin-3" data-testid="pairs-table">
<thead><tr>${head}</tr></thead>
<tbody>${rows}</tbody>
</table></div> ${pager('/pairs', 1, 50, d.list.total, { param: true, defaultSize: 50, list: 'pairs' })}    </main>`;
}
