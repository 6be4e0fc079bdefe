// The plain template baseline of a coin's historical data tab (/coin/bitcoin/historical-data,
// baseline.mjs): the coin's header and tabs (baseline-markup.mjs), the range form, 30 daily rows and the pager, from the
// coin API's row and the history API's first page.
import { amount, coinHead, esc, exportLinks, int, pager, price, supply } from './baseline-markup.mjs';

const dayBefore = (iso, days) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

export function history(d) {
  const c = d.coin;
  const h = d.history;
  const { head: C, article: A, tab: H } = d.cid;
  const base = `/coin/${esc(c.id)}/historical-data`;
  const presets = [
    ['7D', 6],
    ['30D', 29],
    ['90D', 89],
    ['1Y', 364],
  ]
    .map(
      ([k, back]) =>
        `<a href="${base}?from=${dayBefore(h.last, back)}&#38;to=${h.last}" rel="nofollow" data-preset="${k}"${H}>${k}</a>`,
    )
    .join('');
  const rows = h.list
    .map(
      (r) =>
        `<tr data-date="${esc(r.date)}"${H}> <td class="l num"${H}>${esc(r.date)}</td> <td class="num"${H}>${price(r.open)}</td> <td class="num"${H}>${price(r.high)}</td> <td class="num"${H}>${price(r.low)}</td> <td class="num"${H}>${price(r.close)}</td> <td class="num"${H}>${amount(r.volume)}</td> <td class="num"${H}>${amount(r.marketCap)}</td> </tr>`,
    )
    .join('');
  const cols = ['Open', 'High', 'Low', 'Close', 'Volume', 'Market cap']
    .map((k) => `<th scope="col"${H}>${k}</th>`)
    .join(' ');
  const source = h.source
    ? `Candles from ${esc(h.source)}.`
    : 'Demo candles written by Coinlens&#39;s seeder, not market data.';
  return `<main id="main">   <article data-testid="coin-detail" data-tab="historical-data"${A}> ${coinHead(c, 'historical-data', C, d.quick)}  ${d.starsScript} <section class="coin-tab" data-testid="coin-tab-historical-data"${A}>    <div class="toolbar"${H}> <h2${H}>${esc(c.symbol)} historical data</h2> ${exportLinks('coin-history', `coin=${encodeURIComponent(c.id)}&amp;`, 30)} </div> <form method="get" action="${base}" class="history-range" data-testid="history-range"${H}> <label${H}>From <input type="date" name="from" value min="${h.first}" max="${h.last}"${H}></label> <label${H}>To <input type="date" name="to" value min="${h.first}" max="${h.last}"${H}></label>  <button type="submit"${H}>Show</button> <nav class="tabs presets" aria-label="Quick ranges" data-testid="history-presets"${H}> ${presets} <a href="${base}" aria-current="page" data-preset="all"${H}>All</a> </nav> </form>      <div class="table-wrap"${H}> <table class="data" data-testid="history-table"${H}> <thead${H}> <tr${H}> <th class="l" scope="col"${H}>Date (UTC)</th> ${cols} </tr> </thead> <tbody${H}> ${rows} </tbody> </table> </div> ${pager(base, 1, 30, h.total, { param: true, defaultSize: 30 })}  <p class="note" data-testid="history-note"${H}>Market cap = close × circulating supply. The supply is today&#39;s (${supply(h.circulatingSupply)} ${esc(c.symbol)}): past supplies are not stored, so every day assumes it. ${int.format(h.days)} days stored, ${h.first} to ${h.last} (UTC); the last row is the day so far. ${source}</p>             </section> </article>  </main>`;
}
