/**
 * Markup of the market cells and tables every list repeats, as strings (src/lib/html.ts): a
 * coin row used to be half a dozen Astro components. The .astro components of the same names
 * place this markup, so each piece has one definition.
 */
import { rememberedPercent, trend } from '../../../../lib/format/index.ts';
import { attr, html, type SafeHtml } from '../../../../lib/html.ts';
import type { Locale } from '../../../../lib/i18n/index.ts';
import type { Money } from '../../../../lib/money.ts';
import { SPARK_HEIGHT, SPARK_WIDTH, type Spark } from '../../../../lib/sparkline.ts';
import { regionName } from '../../../../lib/i18n/region.ts';
import { coinLabelParts, nameIn, type NamedCoin } from '../../../../lib/coinLabel.ts';
import type { CoinSummary, ExchangeSummary, TickerRow } from '../../../../lib/rows.ts';
import { sortHeaderHtml, type SortOrder } from '../../../../components/ui/markup.ts';
import { ageText, sourceLabel, sourceList, type AgeView } from '../../../../lib/provenance.ts';

/**
 * What the list markup needs of a page's view (src/server/view.ts): the server's View has it, and
 * the browser builds the same from src/lib for the rows it draws itself (the watchlist), so both
 * print a row alike.
 */
export interface MarkupView {
  /** A method, so the server's translator (whose options also take a defaultValue) fits. */
  t(key: string, vars?: Record<string, string | number>): string;
  locale: Locale;
  money: Money;
  href: (path: string) => string;
  number: (v: number | null | undefined, abbreviate?: boolean) => string;
  percent: (v: number | null | undefined) => string;
  pair: (pair: string) => string;
  /** The coin's name in `locale` (server views); rows from the API carry theirs as `localName`. */
  coinName?: (c: { id: string; name: string }) => string;
  /** The time ages are measured from (the server's render); the reader's clock when absent. */
  now?: number;
}
type View = MarkupView;

/** A percentage change coloured by direction; `live`: a coin id whose 24h change the browser keeps live. */
export function changeHtml(value: number | null | undefined, live?: string): SafeHtml {
  const dir = trend(value);
  return html`<span class="num${dir !== 'flat' ? ` ${dir}` : ''}" data-trend="${dir}"${attr('data-live-change', live)}>${rememberedPercent(value)}</span>`;
}

/**
 * The favourite star of a row or a detail header: the same markup for everyone (pages stay
 * cacheable); src/features/reader/watchlist/client/stars.ts marks the pressed ones from the reader's list and
 * handles clicks. `key` is `COIN:<id>`, `TICKER:<id>` or `EXCHANGE:<name>`.
 */
export function starHtml(v: View, key: string, name: string): SafeHtml {
  return html`<button type="button" class="fav" data-fav="${key}" aria-pressed="false" aria-label="${v.t('watch.star', { name })}"><svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z"></path></svg></button>`;
}

/**
 * The mark of a coin whose price is stale (its sources went quiet: no new figure for longer than
 * the threshold), saying how long; null otherwise. Beside the price wherever it is shown (the
 * widget, which has no view, passes its translator and locale).
 */
export function stalePriceHtml(
  v: AgeView,
  c: Pick<CoinSummary, 'stale' | 'priceAt'>,
  testId = 'stale-row',
): SafeHtml | null {
  if (!c.stale) return null;
  return html`<span class="badge stale" title="${v.t('provenance.stalePriceHint', { age: ageText(v, c.priceAt, true) })}" data-testid="${testId}">${v.t('provenance.stalePrice')}</span>`;
}

/** A coin's icon, name and symbol, linking to its page. */
export function coinNameHtml(v: View, c: NamedCoin & { symbol: string; icon: string }): SafeHtml {
  return html`<a class="coin-cell" href="${v.href(`/coin/${encodeURIComponent(c.id)}`)}"><img src="${c.icon}" alt="" width="24" height="24" loading="lazy" decoding="async" /><span class="nm">${coinLabelHtml(v, c)}</span><span class="sym">${c.symbol}</span></a>`;
}

/**
 * A coin's name as the page's language knows it: the local name with the English one beside it
 * in smaller type (readers meet both on exchanges), or the English name alone.
 */
export function coinLabelHtml(v: View, c: NamedCoin): SafeHtml {
  const { local, english } = coinLabelParts(v, c);
  return english === null ? html`${local}` : html`${local} <span class="en" lang="en">${english}</span>`;
}

/**
 * A seven-day price line as inline SVG: no script, no request. The path was drawn when the price
 * history was written (src/lib/sparkline.ts), so a list render only prints it.
 */
export function sparklineHtml(spark: Spark | null, label?: string): SafeHtml {
  if (!spark?.d) return html`<span class="muted">--</span>`;
  return html`<svg class="spark ${spark.trend}" viewBox="0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}" width="${SPARK_WIDTH}" height="${SPARK_HEIGHT}" role="img"${attr('aria-label', label)}><path d="${spark.d}" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linejoin="round"></path></svg>`;
}

export interface CoinTableOptions {
  /** When given, column headers sort through these URLs. */
  sorting?:
    | { sort: string | undefined; order: SortOrder; url: (sort: string | undefined, order: SortOrder) => string }
    | undefined;
  compact?: boolean | undefined;
}

/** Where a row's price comes from and how old it is; null for the demo data's (its badge says so). */
function priceTitle(v: View, c: CoinSummary): string | null {
  if (!c.sources.length) return null;
  return `${v.t('provenance.priceFrom', { sources: sourceList(v, c.sources) })} · ${v.t('provenance.updated', { age: ageText(v, c.priceAt) })}`;
}

/** What a row's market cap is made of (a live price × whose supply, how old), or that it is an estimate. */
export function marketCapTitle(v: View, c: CoinSummary): string | null {
  if (c.marketCapEstimate) return v.t('provenance.capEstimate');
  if (c.supplySource && c.sources.length)
    return v.t('provenance.capFrom', { source: sourceLabel(c.supplySource), age: ageText(v, c.supplyAt) });
  return null;
}

/** Where a row's circulating supply comes from and how old it is, or that it is the demo data's on a live row. */
export function supplyTitle(v: View, c: CoinSummary): string | null {
  if (c.supplySource)
    return v.t('provenance.supplyFromAge', { source: sourceLabel(c.supplySource), age: ageText(v, c.supplyAt) });
  return c.sources.length ? v.t('provenance.supplyDemo') : null;
}

/** The oldest of some ISO times, or null. */
const oldest = (times: (string | null)[]) =>
  times.reduce<string | null>((a, t) => (t !== null && (a === null || Date.parse(t) < Date.parse(a)) ? t : a), null);

/**
 * The footnote of a coin table with prices from the sources: where the prices and supplies come
 * from and the oldest of each on the page, and what ≈ marks; each cell's tooltip says its own.
 * Null when no row has a live price (demo data: the badge says so).
 */
function coinTableNoteHtml(v: View, coins: readonly CoinSummary[]): SafeHtml | null {
  const live = coins.filter((c) => c.sources.length > 0);
  if (!live.length) return null;
  const { t } = v;
  const sentences = [
    t('provenance.notePrices', {
      sources: sourceList(
        v,
        live.flatMap((c) => c.sources),
      ),
      age: ageText(v, oldest(live.map((c) => c.priceAt))),
    }),
  ];
  const supplied = live.filter((c) => c.supplySource !== null);
  if (supplied.length)
    sentences.push(
      t('provenance.noteSupplies', {
        source: sourceList(
          v,
          supplied.map((c) => c.supplySource!),
        ),
        age: ageText(v, oldest(supplied.map((c) => c.supplyAt))),
      }),
    );
  if (live.some((c) => c.marketCapEstimate)) sentences.push(t('provenance.noteSuppliesDemo'));
  // Chinese sentences end in a full-width stop and take no space after it.
  const gap = v.locale === 'zh' || v.locale === 'zh-hk' ? '' : ' ';
  return html`<p class="table-note muted" data-testid="coin-table-note">${sentences.join(gap)}${gap}<a href="${v.href('/methodology')}">${t('provenance.methodology')}</a></p>`;
}

/** The coin table of the lists and the home page. */
export function coinTableHtml(
  v: View,
  coins: CoinSummary[],
  { sorting, compact = false }: CoinTableOptions = {},
): SafeHtml {
  const { t, money } = v;
  const columns = [
    { key: 'rank', label: t('coin.rank'), left: true },
    { key: 'name', label: t('coin.name'), left: true },
    { key: 'price', label: t('coin.price') },
    { key: 'change24h', label: t('coin.change24h') },
    { key: 'change7d', label: t('coin.change7d') },
    { key: 'marketCap', label: t('coin.marketCap') },
    { key: 'volume24h', label: t('coin.volume24h') },
    ...(compact ? [] : [{ key: 'circulatingSupply', label: t('coin.circulatingSupply') }]),
  ];
  const head = columns.map((c) =>
    sorting
      ? sortHeaderHtml(c.label, c.key, sorting.sort, sorting.order, sorting.url, c.left)
      : html`<th${attr('class', c.left && 'l')} scope="col">${c.label}</th>`,
  );
  const sparkLabel = t('coin.sparkline');
  const rows = coins.map(
    (c) => html`<tr data-coin="${c.id}">
<td class="l muted num">${starHtml(v, `COIN:${c.id}`, c.name)}${c.rank ?? '--'}</td>
<td class="l">${coinNameHtml(v, c)}${c.demo ? html` <span class="badge demo" title="${t('provenance.demoRowHint')}" data-testid="demo-row">${t('provenance.demoRow')}</span>` : null}${c.stale ? html` ${stalePriceHtml(v, c)}` : null}</td>
<td class="num" data-field="price" data-live-price="${c.id}"${attr('title', priceTitle(v, c))}>${money.price(c.price)}</td>
<td>${changeHtml(money.change(c.change24h), c.id)}</td>
<td>${changeHtml(money.change(c.change7d, '7d'))}</td>
<td class="num" data-field="market-cap"${attr('title', marketCapTitle(v, c))}>${c.marketCapEstimate ? '≈' : ''}${money.amount(c.marketCap)}</td>
<td class="num">${money.amount(c.volume24h)}</td>
${compact ? null : html`<td class="num" data-field="supply"${attr('title', supplyTitle(v, c))}>${v.number(c.circulatingSupply)} <span class="muted">${c.symbol}</span></td><td>${sparklineHtml(c.spark, `${nameIn(v, c)} ${sparkLabel}`)}</td>`}
</tr>`,
  );
  return html`<div class="table-wrap"><table class="data coins pin-2" data-testid="coin-table">
<thead><tr>${head}${compact ? null : html`<th scope="col">${sparkLabel}</th>`}</tr></thead>
<tbody>${coins.length === 0 ? html`<tr><td class="empty" colspan="${columns.length + 1}">${t('list.empty')}</td></tr>` : null}${rows}</tbody>
</table></div>${coinTableNoteHtml(v, coins)}`;
}

export type ExchangeTableOptions = CoinTableOptions;

/** The exchange table of the list and the home page. */
export function exchangeTableHtml(
  v: View,
  exchanges: ExchangeSummary[],
  { sorting, compact = false }: ExchangeTableOptions = {},
): SafeHtml {
  const { t, money } = v;
  const columns = [
    { key: 'rank', label: t('exchange.rank'), left: true },
    { key: 'name', label: t('exchange.name'), left: true },
    { key: 'expectedVolume', label: t('exchange.expectedVolume') },
    { key: 'reportedVolume', label: t('exchange.reportedVolume') },
    ...(compact
      ? []
      : [
          { key: 'pairCount', label: t('exchange.pairCount') },
          { key: 'coinCount', label: t('exchange.coinCount') },
          { key: 'monthlyVisits', label: t('exchange.monthlyVisits') },
          { key: 'starRating', label: t('exchange.starRating') },
        ]),
  ];
  const head = columns.map((c) =>
    sorting
      ? sortHeaderHtml(c.label, c.key, sorting.sort, sorting.order, sorting.url, c.left)
      : html`<th${attr('class', c.left && 'l')} scope="col">${c.label}</th>`,
  );
  const unreviewed = html`<span class="badge" title="${t('exchange.unreviewedNotice')}">${t('coin.unreviewed')}</span>`;
  const rows = exchanges.map(
    (e) => html`<tr data-exchange="${e.name}">
<td class="l muted num">${starHtml(v, `EXCHANGE:${e.name}`, e.displayName)}${e.rank ?? '--'}</td>
<td class="l"><a href="${v.href(`/exchange/${encodeURIComponent(e.name)}`)}"><b>${e.displayName}</b></a>${e.reviewed ? null : unreviewed}</td>
<td class="num">${money.amount(e.expectedVolume24h)}</td>
<td class="num">${money.amount(e.reportedVolume24h)}</td>
${
  compact
    ? null
    : html`<td class="num">${v.number(e.pairCount, false)}</td><td class="num">${v.number(e.coinCount, false)}</td><td class="num">${v.number(e.monthlyVisits)}</td><td class="num">${e.starRating === null ? '--' : `★ ${e.starRating.toFixed(1)}`}</td><td class="l">${e.type === 'CEX' ? t('exchange.cex') : t('exchange.dex')}</td><td class="l">${regionName(e.country, v.locale)}</td>`
}
</tr>`,
  );
  return html`<div class="table-wrap"><table class="data exchanges pin-2" data-testid="exchange-table">
<thead><tr>${head}${compact ? null : html`<th class="l" scope="col">${t('exchange.type')}</th><th class="l" scope="col">${t('exchange.country')}</th>`}</tr></thead>
<tbody>${exchanges.length === 0 ? html`<tr><td class="empty" colspan="${columns.length + 2}">${t('list.empty')}</td></tr>` : null}${rows}</tbody>
</table></div>`;
}

interface PairTableOptions {
  /** The number of the first row (a page's offset). */
  offset?: number;
  sorting?: CoinTableOptions['sorting'];
}

/** The market-pair table of /pairs and /futures (and the watchlist's pairs): coin, pair, exchange, figures. */
export function pairTableHtml(
  v: View,
  tickers: readonly TickerRow[],
  { offset = 0, sorting }: PairTableOptions = {},
): SafeHtml {
  const { t, money } = v;
  const head = (label: string, key: string | null, left = false) =>
    sorting && key
      ? sortHeaderHtml(label, key, sorting.sort, sorting.order, sorting.url, left)
      : html`<th${attr('class', left && 'l')} scope="col">${label}</th>`;
  const pct = (x: number | null) => (x === null ? '--' : v.percent(x).replace(/^\+/, ''));
  const rows = tickers.map((k, i) => {
    const exchangeHref = v.href(`/exchange/${encodeURIComponent(k.exchange)}`);
    return html`<tr data-ticker="${k.id}">
<td class="l muted num">${starHtml(v, `TICKER:${k.id}`, `${v.pair(k.pair)} ${k.exchangeDisplayName}`)}${offset + i + 1}</td>
<td class="l ph-hide"><a href="${v.href(`/coin/${encodeURIComponent(k.coinId)}`)}">${k.coinName}</a></td>
<td class="l pair"><span class="pr" data-field="pair">${v.pair(k.pair)}</span><a class="ph-under" href="${exchangeHref}">${k.exchangeDisplayName}</a></td>
<td class="l ph-hide"><a href="${exchangeHref}">${k.exchangeDisplayName}</a></td>
<td class="num">${money.price(k.price)}</td>
<td>${changeHtml(k.change24h)}</td>
<td class="num">${money.amount(k.volume24h)}</td>
<td class="num">${pct(k.spread)}</td>
</tr>`;
  });
  // Phones: the exchange under the pair (.ph-under), the coin and exchange columns hidden
  // (.ph-hide), so price and 24h change follow the pair on screen (src/styles/phones.css).
  const hidden = (label: string) => html`<th class="l ph-hide" scope="col">${label}</th>`;
  return html`<div class="table-wrap"><table class="data pin-3" data-testid="pairs-table">
<thead><tr>${head('#', null, true)}${hidden(t('coin.name'))}${head(t('exchange.pair'), 'pair', true)}${hidden(t('exchange.name'))}${head(t('coin.price'), 'price')}${head(t('coin.change24h'), 'change24h')}${head(t('coin.volume24h'), 'volume24h')}${head(t('exchange.spread'), 'spread')}</tr></thead>
<tbody>${rows}</tbody>
</table></div>`;
}

/**
 * The market-pair table of an exchange's page: the coin side of the pair as a column, the
 * exchange's share of its volume, spread and depth (the exchange is the page's).
 */
export function exchangePairTableHtml(
  v: View,
  tickers: readonly TickerRow[],
  sorting: NonNullable<CoinTableOptions['sorting']>,
): SafeHtml {
  const { t, money } = v;
  const head = (label: string, key: string, left = false) =>
    sortHeaderHtml(label, key, sorting.sort, sorting.order, sorting.url, left);
  const futures = html`<span class="badge">${t('market.futures')}</span>`;
  const rows = tickers.map((k) => {
    const coinHref = v.href(`/coin/${encodeURIComponent(k.coinId)}`);
    const pair = v.pair(k.pair);
    const depth =
      k.depthPlus1 === null && k.depthMinus1 === null
        ? '--'
        : `${money.amount(k.depthPlus1)} / ${money.amount(k.depthMinus1)}`;
    return html`<tr data-pair="${k.pair}">
<td class="l">${starHtml(v, `TICKER:${k.id}`, `${pair} ${k.exchangeDisplayName}`)}<a class="ph-hide" href="${coinHref}">${k.coinName}</a></td>
<td class="l pair"><span class="pr">${pair}</span> ${k.market === 'futures' ? futures : null}<a class="ph-under" href="${coinHref}">${k.coinName}</a></td>
<td class="num">${money.price(k.price)}</td>
<td>${changeHtml(k.change24h)}</td>
<td class="num">${money.amount(k.volume24h)}</td>
<td class="num">${v.percent(k.share).replace(/^\+/, '')}</td>
<td class="num">${k.spread === null ? '--' : `${k.spread.toFixed(2)}%`}</td>
<td class="num">${depth}</td>
</tr>`;
  });
  return html`<div class="table-wrap"><table class="data tickers pin-2" data-testid="ticker-table">
<thead><tr><th class="l" scope="col"><span class="ph-hide">${t('coin.name')}</span></th>${head(t('exchange.pair'), 'pair', true)}${head(t('coin.price'), 'price')}${head(t('coin.change24h'), 'change24h')}${head(t('coin.volume24h'), 'volume24h')}<th scope="col">${t('exchange.volumeShare')}</th>${head(t('exchange.spread'), 'spread')}<th scope="col">${t('exchange.depth')}</th></tr></thead>
<tbody>${tickers.length === 0 ? html`<tr><td class="empty" colspan="8">${t('list.empty')}</td></tr>` : null}${rows}</tbody>
</table></div>`;
}
