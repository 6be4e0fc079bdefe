// The plain template baseline of the hot coins (/hot, the hot API's first page) and the rankings'
// first table, the 24h gainers (/rank, the rank API's first page) (baseline.mjs).
import { amount, change, coinCell, esc, exportLinks, pager, price, two } from './baseline-markup.mjs';
import { highlights } from './baseline-trending.mjs';

const one = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const signed = (v) => `${v > 0 ? '+' : v < 0 ? '-' : ''}`;

export function hot(d) {
  const { tabs: A, page: P, table: B } = d.cid;
  const sortable = (key, label) =>
    `<th scope="col"><a href="/hot?sort=${key}&amp;order=desc" rel="nofollow">${label}</a></th>`;
  const rows = d.list.list
    .map((c) => {
      const flow =
        c.netflow1d == null
          ? '<span class="muted">--</span>'
          : `<span class="${c.netflow1d < 0 ? 'down' : 'up'}"${B}>${signed(c.netflow1d)}${amount(Math.abs(c.netflow1d))}</span> <small class="muted share"${B}>${signed(c.inflowShare)}${two.format(Math.abs(c.inflowShare ?? 0))}% of market cap</small>`;
      return `<tr${B}> <td class="l muted num"${B}>${c.position}</td> <td class="l"${B}>${coinCell(c)}</td> <td class="num" data-live-price="${esc(c.id)}"${B}>${price(c.price)}</td> <td${B}>${change(c.change24h, c.id)}</td> <td class="num" data-field="turnover"${B}>${two.format(c.turnover)}%</td> <td class="num"${B}> ${flow} </td> <td class="num"${B}>${amount(c.volume24h)}</td> <td class="num score" data-field="score" data-value="${c.score}"${B}> <span class="bar" style="--w:${c.score}%" aria-hidden="true"${B}></span>${one.format(c.score)} </td> </tr>`;
    })
    .join('');
  return `<main id="main">  ${highlights('hot', A)}  <h1${P}>Hot coins</h1> <div class="about muted" data-testid="hot-criterion"${P}> <p${P}>Coins drawing the most market attention right now. Here attention is read from the market itself (trending coins rank by the site&#39;s own page views). Each coin trading at least $10K in 24 hours gets a hot score from 0 to 100: the average of its percentile among those coins on three signals.</p> <ul${P}> <li${P}>Turnover: 24h volume ÷ market cap, how actively the coin is traded for its size;</li> <li${P}>Price move: the size of the 24h price change, up or down;</li> <li${P}>Money arriving: the net fund inflow over one day as a share of market cap.</li> </ul> </div>  ${exportLinks('hot', '', 50, false)} <div class="table-wrap"${B}> <table class="data" data-testid="hot-table"${B}> <thead${B}> <tr${B}> <th class="l" scope="col"${B}>#</th> <th class="l" scope="col"${B}>Name</th> <th scope="col"${B}>Price</th> ${sortable('change24h', '24h %')} ${sortable('turnover', 'Turnover rate')} ${sortable('inflow', 'Net inflow (1d)')} <th scope="col"${B}>Volume (24h)</th> ${sortable('score', 'Hot score')} </tr> </thead> <tbody${B}> ${rows} </tbody> </table> </div>  ${pager('/hot', 1, 50, d.list.total, { param: true, defaultSize: 50, list: 'hot' })}  </main>`;
}

const KINDS = [
  ['', 'Top gainers'],
  ['fall', 'Top losers'],
  ['volume', 'Volume'],
  ['coin-flow', 'Coin fund flow'],
  ['exchange-flow', 'Exchange fund flow'],
  ['turnover', 'Turnover rate'],
  ['offering-roi', 'Offering ROI'],
  ['repo-stars', 'Repository stars'],
  ['repo-activity', 'Development activity'],
  ['exchange-count', 'Listed exchanges'],
];
const PERIODS = ['1h', '24h', '7d', '30d', '1y'];
const SCOPES = [
  ['top100', 'Top 100'],
  ['top200', 'Top 200'],
  ['', 'All coins'],
];

export function rank(d) {
  const { tabs: A, page: P, table: B } = d.cid;
  const link = (q, label, on) => `<a href="/rank${q}"${on ? ' aria-current="page"' : ''}${P}>${label}</a>`;
  const kinds = KINDS.map(([k, label]) => link(k ? `?type=${k}` : '', label, !k)).join('');
  const periods = PERIODS.map((p) => link(p === '24h' ? '' : `?period=${p}`, p, p === '24h')).join('');
  const scopes = SCOPES.map(([k, label]) => link(k ? `?scope=${k}` : '', label, !k)).join('');
  const rows = d.list.list
    .map(
      (c) =>
        `<tr><td class="l muted num">${c.position}</td><td class="l">${coinCell(c)}</td><td class="num" data-live-price="${esc(c.id)}">${price(c.price)}</td><td>${change(c.value)}</td><td class="num">${amount(c.marketCap)}</td><td class="num">${amount(c.volume24h)}</td></tr>`,
    )
    .join('');
  const cols = ['Price', 'Change (24h)', 'Market cap', 'Volume (24h)']
    .map((k) => `<th scope="col"${B}>${k}</th>`)
    .join(' ');
  return `<main id="main"> ${highlights('movers', A)} <h1${P}>Rankings</h1> <nav class="tabs kinds" aria-label="Rankings" data-testid="rank-kinds"${P}> ${kinds} <a href="/rank/fear-greed"${P}>Fear &amp; Greed</a> </nav> <p class="muted about"${P}>Coins with the largest price rise over the chosen period. Coins trading less than $10K in 24 hours are left out.</p> <div class="toolbar filters"${P}> <nav class="tabs" aria-label="Period"${P}> ${periods} </nav>   <nav class="tabs" aria-label="Coins"${P}> ${scopes} </nav> </div>  ${exportLinks('rank', '', 50, false)} <div class="table-wrap"${B}> <table class="data pin-2" data-testid="rank-table" data-kind="${esc(d.list.kind)}"${B}> <thead${B}> <tr${B}> <th class="l" scope="col"${B}>#</th> <th class="l" scope="col"${B}>Name</th>  ${cols}    </tr> </thead> <tbody${B}> ${rows} </tbody> </table> </div>   ${pager('/rank', 1, 50, d.list.total, { param: true, defaultSize: 50, list: 'rank' })} </main>`;
}
