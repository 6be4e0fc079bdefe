// The plain template baseline of a coin's overview (/coin/bitcoin, baseline.mjs): the header and
// tabs (baseline-markup.mjs), the changes, the price chart drawn as an SVG line from the hourly
// candles of the last week, the facts, links, listed exchanges and the description, from the coin
// API's row and the klines API. The chart island's translated props are a constant captured from
// the product (a template server would hold them as one too).
import { amount, change, coinHead, esc, int, mmdd, price, supply, two } from './baseline-markup.mjs';

const LINK_LABELS = {
  website: 'Website',
  explorer: 'Block explorer',
  whitepaper: 'White paper',
  repository: 'Source code',
  community: 'Community',
  telegram: 'Telegram',
};
const RANGES = [
  ['1D', '1D'],
  ['1W', '7D'],
  ['1M', '1M'],
  ['3M', '3M'],
  ['1Y', '1Y'],
  ['YTD', 'YTD'],
  ['ALL', 'All'],
];
const W = 600;
const H = 240;

/** The closing prices as one SVG path, closed below the box so it can be filled. */
function line(points) {
  if (points.length < 2) return null;
  const t0 = points[0].time;
  const span = points.at(-1).time - t0 || 1;
  let min = Infinity;
  let max = -Infinity;
  for (const p of points) {
    if (p.value < min) min = p.value;
    if (p.value > max) max = p.value;
  }
  const range = max - min || 1;
  const y = (v) => (H - ((v - min) / range) * H).toFixed(1);
  const xy = points.map((p) => `${(((p.time - t0) / span) * W).toFixed(1)},${y(p.value)}`);
  return {
    d: `M${xy.join('L')}L${W + 5},${y(points.at(-1).value)}L${W + 5},${H + 5}L-5,${H + 5}L-5,${y(points[0].value)}Z`,
    min,
    max,
  };
}

function chart(c, candles, dict) {
  const id = esc(c.id);
  const points = candles.map((k) => ({ time: k.time, value: k.close }));
  const last = points.at(-1);
  const ch = last && points[0].value > 0 ? (last.value / points[0].value - 1) * 100 : null;
  const drawn = line(points);
  const supplyText = c.circulatingSupply ? `${supply(c.circulatingSupply)} ${c.symbol}` : '--';
  const rest = {
    coinId: c.id,
    locale: 'en',
    currency: { code: 'USD', rate: 1 },
    klineHref: `/kline/${c.id}`,
    range: '1W',
    metric: 'price',
    supply: c.circulatingSupply,
    supplyText,
    path: `/coin/${c.id}`,
  };
  const props = `{&quot;dict&quot;:${dict},${esc(JSON.stringify(rest).slice(1))}`;
  const metrics = [
    ['price', 'Price', ''],
    ['market-cap', 'Market cap', '?chart=market-cap'],
    ['volume', 'Volume', '?chart=volume'],
  ]
    .map(
      ([m, label, q]) =>
        `<a href="/coin/${id}${q}" rel="nofollow"${m === 'price' ? ' aria-current="true"' : ''} data-metric="${m}">${label}</a>`,
    )
    .join('');
  const ranges = RANGES.map(
    ([r, label]) =>
      `<a href="/coin/${id}${r === '1W' ? '' : `?range=${r}`}" rel="nofollow"${r === '1W' ? ' aria-current="true"' : ''} data-range="${r}">${label}</a>`,
  ).join('');
  const dir = ch !== null && ch < 0 ? 'fall' : 'rise';
  const pctText = ch == null ? '--' : `${ch > 0 ? '+' : ''}${two.format(ch)}%`;
  return `<div class="price-chart-slot" data-price-chart data-props="${props}"><div class="price-chart" data-testid="price-chart" data-coin="${id}" data-metric="price" data-range="1W" data-interval="1h" data-state="${drawn ? 'static' : 'empty'}" data-points="${drawn ? points.length : 0}"${last ? ` data-last="${last.value}"` : ''}>
<div class="price-chart-head"><div class="num"><b>${price(last?.value)}</b> <span class="${dir}">${pctText}</span> <span class="muted">${last ? mmdd(new Date(last.time)) : ''}</span></div>
<div class="price-chart-switches"><nav class="price-chart-metrics" aria-label="Chart">${metrics}</nav><nav class="price-chart-ranges" aria-label="Time range">${ranges}</nav></div></div>
<div class="price-chart-stage"><div class="kline-canvas" role="img" aria-label="Price chart">${drawn ? `<svg class="price-chart-svg ${dir}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="none" aria-hidden="true"><path d="${drawn.d}" vector-effect="non-scaling-stroke"></path></svg><span class="price-chart-axis muted" aria-hidden="true"><span>${price(drawn.max)}</span><span>${price(drawn.min)}</span></span>` : ''}</div></div>
<p class="price-chart-note" data-testid="price-chart-note">Closing price of each hour (UTC), from the candles Coinlens stores.</p>
<div class="price-chart-foot"><a href="/kline/${id}">Full chart</a><a href="https://www.tradingview.com/" target="_blank" rel="noopener">Charts by TradingView</a></div>
</div></div>`;
}

export function coinDetail(d) {
  const c = d.coin;
  const { head: C, article: A, overview: B, about: T } = d.cid;
  const facts = (rows) =>
    `<dl class="facts"> ${rows.map(([k, v]) => `<div><dt>${esc(k)}</dt><dd class="num">${v}</dd></div>`).join('')} </dl>`;
  const day = (iso) => (iso ? esc(String(iso).slice(0, 10)) : '--');
  const changes = [
    ['1h %', c.change1h],
    ['24h %', c.change24h, c.id],
    ['7d %', c.change7d],
    ['30d %', c.change30d],
    ['1y %', c.change1y],
  ]
    .map(([k, v, live]) => `<li${B}><span class="muted"${B}>${k}</span> ${change(v, live)}</li>`)
    .join('');
  const listed = c.listedExchanges
    .map(
      (e) =>
        `<tr${B}> <td class="l"${B}><a href="/exchange/${esc(e.exchange)}"${B}>${esc(e.displayName)}</a></td> <td class="num"${B}>${e.pairs}</td> <td class="num"${B}>${amount(e.volume24h)}</td> <td class="num"${B}>${two.format(e.share)}%</td> </tr>`,
    )
    .join('');
  // A kind with several links names each one's host.
  const kinds = {};
  for (const l of c.links) kinds[l.kind] = (kinds[l.kind] ?? 0) + 1;
  const host = (u) => {
    try {
      return new URL(u).hostname.replace(/^www\./, '');
    } catch {
      return '';
    }
  };
  const links = c.links
    .map(
      (l) =>
        `<li${B}><a href="${esc(l.url)}" rel="nofollow noopener noreferrer" target="_blank"${B}>${esc(LINK_LABELS[l.kind] ?? l.kind)}${kinds[l.kind] > 1 ? ` <small class="muted"${B}>${esc(host(l.url))}</small>` : ''}</a></li>`,
    )
    .join('');
  return `<main id="main">  <article data-testid="coin-detail" data-tab="overview"${A}> ${coinHead(c, 'overview', C, d.quick)}  ${d.starsScript} <section class="coin-tab" data-testid="coin-tab-overview"${A}> <ul class="changes"${B}> ${changes} </ul> ${chart(c, d.candles, d.chartDict)} ${d.chartScript} <h2${B}>Market data</h2> ${facts(
    [
      ['Market cap', amount(c.marketCap)],
      ['Fully diluted market cap', amount(c.fullyDilutedMarketCap)],
      ['Volume (24h)', amount(c.volume24h)],
      ['Turnover rate', `${two.format(c.turnoverRate)}%`],
      ['Dominance', `${two.format(c.dominance)}%`],
      ['24h high', price(c.high24h)],
      ['24h low', price(c.low24h)],
      ["Yesterday's open", price(c.openYesterday)],
      ["Yesterday's close", price(c.closeYesterday)],
    ],
  )} <h2${B}>Supply</h2> ${facts([
    ['Circulating supply', `${supply(c.circulatingSupply)} ${esc(c.symbol)}`],
    ['Total supply', `${supply(c.totalSupply)} ${esc(c.symbol)}`],
    ['Max supply', c.maxSupply == null ? '--' : `${supply(c.maxSupply)} ${esc(c.symbol)}`],
    ['Circulation rate', `${two.format(c.circulationRate)}%`],
  ])} <h2${B}>History</h2> ${facts([
    ['All-time high', `${price(c.ath)} (${day(c.athAt)})`],
    ['All-time low', `${price(c.atl)} (${day(c.atlAt)})`],
    ['Issue price', price(c.issuePrice)],
    ['Listing date', day(c.listedOn)],
    ['First exchange', esc(c.firstExchange ?? '--')],
    ['First listed', day(c.firstListedAt)],
    ['Listed on exchanges', int.format(c.exchangeCount)],
    ['Platform', esc(c.platform ?? '--')],
    ['Type', c.isToken ? 'Token' : 'Native coin'],
  ])}  <h2${B}>Concept sectors · Tags</h2> <ul class="chips"${B}> ${c.concepts.map((k) => `<li${B}><span${B}>${esc(k.name)}</span></li>`).join('')} ${c.tags
    .map((k) => `<li${B}><span class="muted"${B}>#${esc(k.name)}</span></li>`)
    .join(
      '',
    )} </ul>  <h2${B}>Links</h2> <ul class="chips" data-testid="coin-links"${B}> ${links} </ul> <h2${B}>Listed exchanges</h2> <div class="table-wrap"${B}> <table class="data" data-testid="listed-exchanges"${B}> <thead${B}><tr${B}><th class="l"${B}>Exchange</th><th${B}>Pairs</th><th${B}>Volume (24h)</th><th${B}>Volume share</th></tr></thead> <tbody${B}>  ${listed} </tbody> </table> </div> <p class="note"${B}><a href="/coin/${esc(c.id)}/exchanges"${B}>All ${int.format(c.exchangeCount)} exchanges listing this coin</a></p>  <h2${T}>About ${esc(c.name)}</h2> <p class="about" data-testid="coin-description"${T}>${esc(c.description)}</p>                </section> </article>  </main>`;
}
