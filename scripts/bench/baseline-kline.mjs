// The plain template baseline of the candlestick page (/kline/BTC, baseline.mjs): the coin's
// head, the pair switcher, the chart island (a constant), the recent candles and the side lists.
import { amount, change, esc, mmdd, pct, price, trend } from './baseline-markup.mjs';

export function kline(d) {
  const c = d.coin;
  const { main: M, body: K } = d.cid;
  const pairs = d.top50
    .map(
      (x) =>
        `<li><a href="/kline/${esc(x.symbol.toLowerCase())}"${x.id === c.id ? ' aria-current="page"' : ''}>${esc(x.symbol)}/USD</a></li>`,
    )
    .join('');
  const candles = d.candles
    .slice(-20)
    .reverse()
    .map(
      (k) =>
        `<tr> <td class="l num">${mmdd(new Date(k.time))}</td> <td class="num">${price(k.open)}</td> <td class="num">${price(k.high)}</td> <td class="num">${price(k.low)}</td> <td class="num">${price(k.close)}</td> <td class="num ${trend(k.close - k.open)}">${pct(((k.close - k.open) / k.open) * 100)}</td> <td class="num">${amount(k.volume)}</td> </tr>`,
    )
    .join('');
  const side = d.top50
    .map(
      (x) =>
        `<li><a href="/kline/${esc(x.symbol.toLowerCase())}"${x.id === c.id ? ' aria-current="page"' : ''}><span>${esc(x.symbol)}<span class="muted">/USD</span></span><span class="num">${price(x.price)}</span>${change(x.change24h)}</a></li>`,
    )
    .join('');
  const markets = d.tickers
    .map(
      (t) =>
        `<li><a href="/exchange/${esc(t.exchange)}"><span>${esc(t.contractType ? `${t.baseSymbol} Perpetual/${t.quoteSymbol}` : t.pair)} <span class="muted">${esc(t.exchangeDisplayName)}</span></span><span class="num">${price(t.price)}</span>${change(t.change24h)}</a></li>`,
    )
    .join('');
  return `<main id="main" class="kline-main"${M}>  <div class="kl" data-testid="kline-page" data-coin="${esc(c.id)}"${K}> <header class="kl-head"${K}> <a class="kl-coin" href="/coin/${esc(c.id)}"${K}> <img src="${esc(c.icon)}" alt="" width="32" height="32"${K}> <h1${K}>${esc(c.name)} <span class="muted"${K}>${esc(c.symbol)}/USD</span></h1> </a> <details class="kl-pairs" data-testid="kline-pair-switcher"${K}> <summary${K}>Pairs</summary> <ul${K}>${pairs}</ul> </details> <div class="kl-price"${K}> <span class="num big" data-live-price="${esc(c.id)}" data-testid="kline-price"${K}>${price(c.price)}</span> ${change(c.change24h)} </div> <dl class="kl-facts"${K}> <div${K}><dt${K}>24h high</dt><dd class="num"${K}>${price(c.high24h)}</dd></div><div${K}><dt${K}>24h low</dt><dd class="num"${K}>${price(c.low24h)}</dd></div><div${K}><dt${K}>24h volume</dt><dd class="num"${K}>${amount(c.volume24h)}</dd></div> </dl> </header> <div class="kl-body"${K}> <section class="kl-chart" aria-label="${esc(c.symbol)}/USD candlestick chart"${K}> ${d.island} <noscript> <p class="muted"${K}>Turn on JavaScript to see the interactive chart.</p> <h2${K}>Recent candles</h2> <div class="table-wrap"> <table class="data" data-testid="kline-table"> <caption class="sr-only">Recent candles</caption> <thead> <tr> <th class="l">Time</th><th>Open</th><th>High</th><th>Low</th> <th>Close</th><th>Change</th><th>Volume</th> </tr> </thead> <tbody>  ${candles} </tbody> </table> </div> </noscript> </section> <aside class="kl-side"${K}> <h2${K}>Pairs</h2> <ul class="kl-list" data-testid="kline-pairs"${K}>${side}</ul> <h2${K}>Exchange markets</h2> <ul class="kl-list" data-testid="kline-markets"${K}>${markets}</ul> </aside> </div> </div>  </main>`;
}
