// The plain template baseline of the global charts (/charts, baseline-market.mjs): a month of the
// whole market's hourly points drawn per request as three SVG charts (market cap, volume, BTC and
// ETH dominance), as src/features/market/global/chart.ts draws them: at most 360 points, y between
// the drawn minimum and maximum.
import { amount, change, esc, mmdd, two } from './baseline-markup.mjs';

const W = 720;
const H = 200;
const PAD = 4;
const MAX_POINTS = 360;
const HOUR = 3_600_000;
const f = (n) => Number(n.toFixed(1)).toString();

function picked(n) {
  if (n <= MAX_POINTS) return Array.from({ length: n }, (_, i) => i);
  const step = (n - 1) / (MAX_POINTS - 1);
  return Array.from({ length: MAX_POINTS }, (_, i) => Math.round(i * step));
}

function plot(times, series) {
  const idx = picked(times.length);
  let min = Infinity;
  let max = -Infinity;
  for (const values of series)
    for (const i of idx) {
      const v = values[i];
      if (v == null || !Number.isFinite(v)) continue;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  const span = max - min || Math.abs(max) || 1;
  const t0 = times[idx[0]];
  const tSpan = times[idx.at(-1)] - t0 || 1;
  const gap = Math.max(3 * HOUR, (4 * tSpan) / (idx.length - 1));
  const runsOf = (values) => {
    const runs = [];
    let previous = null;
    for (const i of idx) {
      const v = values[i];
      if (v == null || !Number.isFinite(v)) {
        previous = null;
        continue;
      }
      const at = `${f(((times[i] - t0) / tSpan) * W)},${f(H - PAD - ((v - min) / span) * (H - 2 * PAD))}`;
      if (previous === null || times[i] - times[previous] > gap) runs.push([at]);
      else runs.at(-1).push(at);
      previous = i;
    }
    return runs;
  };
  const runs = series.map(runsOf);
  const lines = runs.map((r) => r.map((run) => `M${run.join('L')}`).join(''));
  const area = runs[0]
    .map((run) => `M${run[0].split(',')[0]},${H}L${run.join('L')}L${run.at(-1).split(',')[0]},${H}Z`)
    .join('');
  return { lines, area, min, max };
}

function chart(d, name, testid, series, format) {
  const G = d.cid.chart;
  const times = d.times;
  const p = plot(
    times,
    series.map((s) => s.values),
  );
  const from = mmdd(new Date(times[0]));
  const to = mmdd(new Date(times.at(-1)));
  const lines = p.lines
    .map(
      (line, i) =>
        `<path d="${line}" class="line ${series[i].key}" fill="none" vector-effect="non-scaling-stroke"${G}></path>`,
    )
    .join('');
  const legend =
    series.length > 1
      ? `<ul class="legend"${G}>${series.map((s) => `<li class="${s.key}"${G}><span class="swatch" aria-hidden="true"${G}></span>${s.label}</li>`).join('')}</ul>`
      : '';
  return `<figure class="g-chart" data-testid="${testid}" data-points="${times.length}" data-interval="1h"${G}><div class="plot"${G}><svg viewBox="0 0 ${W} ${H}" preserveAspectRatio="none" role="img" aria-label="${name} from ${from} to ${to}, between ${format(p.min)} and ${format(p.max)}"${G}>${series.length === 1 ? `<path d="${p.area}" class="area"${G}></path>` : ''}${lines}</svg><div class="y muted" aria-hidden="true"${G}><span class="num"${G}>${format(p.max)}</span><span class="num"${G}>${format(p.min)}</span></div></div><div class="x muted"${G}><span${G}>${from}</span><span${G}>${to}</span></div>${legend}</figure>`;
}

const changeOver = (values) => {
  const first = values.find((v) => Number.isFinite(v) && v > 0);
  const last = values.at(-1);
  return first === undefined || !Number.isFinite(last) || values.length < 2 ? null : (last / first - 1) * 100;
};
const percent = (v) => `${two.format(v)}%`;

export function globalCharts(d) {
  const { page: P, source: S } = d.cid;
  const pts = d.charts.points;
  const last = pts.at(-1);
  const caps = pts.map((p) => p.marketCap);
  const volumes = pts.map((p) => p.volume24h);
  const minutes = Math.round((Date.now() - Date.parse(d.charts.updatedAt)) / 60_000);
  const source = `<p class="g-source muted" data-testid="global-source" data-source="${esc(d.charts.source)}"${d.charts.demo ? ' data-demo="true"' : ''}${S}> ${d.charts.demo ? `<span class="badge demo"${S}>Demo data</span> ` : ''} <time datetime="${d.charts.updatedAt}"${S}>Summed from the seeded history of ${d.charts.coins} demo coins (seeded ${minutes} minutes ago); the site records the market itself once prices move</time> </p>`;
  const ranges = [
    ['1d', '1D'],
    ['7d', '7D'],
    ['1m', '1M'],
    ['3m', '3M'],
    ['1y', '1Y'],
    ['ytd', 'YTD'],
    ['all', 'All'],
  ]
    .map(
      ([k, label]) =>
        `<a href="/charts${k === '1m' ? '' : `?range=${k}`}" data-range="${k}"${k === '1m' ? ' aria-current="page"' : ''}${P}>${label}</a>`,
    )
    .join('');
  const section = (key, title, figure, body) =>
    `<section aria-labelledby="global-${key}" data-testid="global-${key}"${P}> <h2 id="global-${key}"${P}>${title}</h2> <p class="figure"${P}>${figure}</p> ${body} ${source}  </section>`;
  const moved = (values) => ` ${change(changeOver(values))} <span class="muted"${P}>in a month</span>`;
  return `<main id="main">  <h1>Global cryptocurrency market charts</h1> <p class="muted about" data-testid="global-about"${P}>The sums of every coin on Coinlens&#39;s coin list, recorded by the site every five minutes: 5-minute points for one day, hourly points for a week and a month, daily points beyond. Times are UTC.</p> <nav class="tabs ranges" aria-label="Period" data-testid="global-ranges"${P}> ${ranges} </nav> ${section(
    'cap',
    'Total market cap',
    `<span class="num value" data-testid="global-cap-value"${P}>${amount(last.marketCap)}</span>${moved(caps)}`,
    chart(d, 'Total market cap', 'global-chart-cap', [{ key: 'cap', values: caps }], amount),
  )}${section(
    'volume',
    '24h trading volume',
    `<span class="num value" data-testid="global-volume-value"${P}>${amount(last.volume24h)}</span>${moved(volumes)}`,
    chart(d, '24h trading volume', 'global-chart-volume', [{ key: 'volume', values: volumes }], amount),
  )}${section(
    'dominance',
    'BTC and ETH dominance',
    `<span class="num value" data-testid="global-dominance-value"${P}>BTC ${percent(last.btcDominance)} · ETH ${percent(last.ethDominance)}</span>`,
    chart(
      d,
      'BTC and ETH dominance',
      'global-chart-dominance',
      [
        { key: 'btc', label: 'BTC dominance', values: pts.map((p) => p.btcDominance) },
        { key: 'eth', label: 'ETH dominance', values: pts.map((p) => p.ethDominance) },
      ],
      percent,
    ),
  )}   </main>`;
}
