/**
 * The site chrome every page repeats (head metadata, header, totals strip, footer) as HTML
 * strings. It used to be six Astro components per page: their render machinery cost more than
 * many pages' own content. The markup is the same; the styles are global in
 * src/styles/chrome.css; the scripts live in ClientScripts.astro.
 */
import { attr, html, raw, type SafeHtml } from '../../lib/html.ts';
import { defaultRiseFall, LOCALE_NAMES, LOCALE_TAGS, LOCALES, type Locale } from '../../lib/i18n/index.ts';
import { RISE_FALL_COOKIE, RISE_FALL_SCHEMES, riseFallColours, type RiseFallScheme } from '../../lib/riseFall.ts';
import { canonicalUrl, hreflangAlternates } from '../../lib/seo.ts';
import { siteOrigin } from '../../server/config.ts';
import type { GlobalTotals } from '../../features/market/coins/index.ts';
import { MARKET_RATE_COINS, RATE_SYMBOLS } from '../../server/rates/rates.ts';
import type { View } from '../../server/view.ts';
import { headerModel, isCurrent, type NavEntry } from './headerModel.ts';
import { ageText, sentenceWithAge, sourceList } from '../../lib/provenance.ts';

export interface PageState {
  locale: Locale;
  /** The path without its locale prefix. */
  path: string;
  /** The query ("?q=btc" or ""), which the language links keep. */
  search?: string | undefined;
  /** "" or the locale prefix the page was requested under ("/zh"). */
  base: string;
  theme: 'light' | 'dark';
  currency: string;
  /** The rise/fall colours the reader chose; undefined: the language's. */
  colours?: RiseFallScheme | undefined;
}

/**
 * Prices in BTC carry ₿, which many systems draw from the site's one-glyph font
 * (src/styles/fonts.css): fetched with the page, it is there at first paint (found by the layout
 * alone, it came a second late and the sign showed as a box until then).
 */
const BITCOIN_SIGN_PRELOADS = html`<link rel="preload" href="/fonts/bitcoin-sign-400.woff2" as="font" type="font/woff2" crossorigin />
<link rel="preload" href="/fonts/bitcoin-sign-700.woff2" as="font" type="font/woff2" crossorigin />`;

/**
 * The <head> metadata every page has: title, description, canonical and hreflang links. An error
 * page (`noindex`) has no canonical and no alternates: a 404 is not a document in any language.
 */
export function renderHead(
  v: View,
  page: PageState,
  title: string,
  description: string | undefined,
  noindex = false,
): SafeHtml {
  const { t } = v;
  const origin = siteOrigin();
  // Canonical: the prefixed URL of the language rendered, also from an unprefixed (cookie-language)
  // URL; hreflang: the prefixed URLs, x-default the English one (the reasons: src/lib/seo.ts).
  const links = noindex
    ? html`<meta name="robots" content="noindex" />`
    : html`<link rel="canonical" href="${canonicalUrl(origin, v.locale, page.path)}" />
${hreflangAlternates(origin, page.path).map((a) => html`<link rel="alternate" hreflang="${a.hreflang}" href="${a.href}" />`)}`;
  return html`<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${title} | ${t('site.name')}</title>
<meta name="description" content="${description ?? t('site.description')}" />
${links}
<link rel="icon" href="/favicon.svg" type="image/svg+xml" />
${v.money.currency === 'BTC' ? BITCOIN_SIGN_PRELOADS : null}
<meta name="theme-color" content="#2563eb" />
<meta property="og:site_name" content="${t('site.name')}" />
<meta property="og:title" content="${title}" />
<meta name="color-rise" content="${riseFallColours(page.colours ?? defaultRiseFall(page.locale))[0]}" />`;
}

/** The start of <body>: the skip link, the page-load bar and the offline banner. */
export function renderBodyStart(v: View): SafeHtml {
  return html`<a class="skip" href="#main">${v.t('site.skipToContent')}</a><div id="page-progress" aria-hidden="true"></div><div id="offline-banner" role="status" hidden>${v.t('site.offline')}</div>`;
}

/** "2026-11-24 09:00 UTC": the same in every language, like the rest of the site's UTC times. */
function utcMinute(d: Date): string {
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const LOGO = raw(
  '<svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true"><circle cx="12" cy="12" r="11" fill="var(--accent)"></circle><circle cx="12" cy="12" r="5.5" fill="none" stroke="var(--accent-fg)" stroke-width="2.4"></circle><path d="M16 16l4 4" stroke="var(--accent-fg)" stroke-width="2.4" stroke-linecap="round"></path></svg>',
);

/** Three bars: the phone layout's menu button (src/styles/chrome.css shows it under 640px). */
const MENU_ICON = raw(
  '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" stroke-width="2" stroke-linecap="round"></path></svg>',
);

/** The longest query the language links repeat. */
const MAX_KEPT_QUERY = 512;

const headerPieces = new Map<string, readonly [string, string]>();
const HEADER_PIECES_MAX = 512;

/**
 * The site header. No framework code loads with it: the search form works as a plain form and
 * becomes the QuickSearch island on the visitor's first interaction; the currency, theme and
 * language controls are a few lines of script (src/islands/page/header.ts), which also draws the
 * account area from the browser's stored session (the HTML is the same for everyone: "Log in /
 * Register") and loads the login dialog when asked for.
 *
 * The markup around the language links is remembered per set of inputs: the language and its
 * prefix, which entries are current, the reader's settings and the rates' time. Paths differ from
 * page to page, but the nav states they give are few, so the same pieces serve every page; only
 * the four language links carry the path and query. Building it all was a sixteenth of a list page.
 */
export function renderHeader(v: View, page: PageState): SafeHtml {
  const m = headerModel(page.locale);
  const current = (n: NavEntry) => (isCurrent(n, page.path) ? '1' : '0');
  const key = [
    page.locale,
    page.base,
    m.main.map(current).join(''),
    m.content.map(current).join(''),
    m.more.map(current).join(''),
    page.path === '/watchlist' ? 'w' : '',
    page.currency,
    page.theme,
    page.colours ?? '',
    v.ratesAsOf?.getTime() ?? '',
  ].join('|');
  let pieces = headerPieces.get(key);
  if (!pieces) {
    if (headerPieces.size >= HEADER_PIECES_MAX) headerPieces.clear();
    const marker = '\u0000languages\u0000';
    const [before = '', after = ''] = headerHtml(v, page, m, raw(marker)).value.split(marker);
    pieces = [before, after];
    headerPieces.set(key, pieces);
  }
  // The same page in another language: its path and query (a search, a filter, a page of a list),
  // unless the query is too long to repeat four times.
  const query = page.search && page.search.length <= MAX_KEPT_QUERY ? page.search : '';
  const languages = LOCALES.map(
    (l) =>
      html`<li><a href="${`/${l}${page.path === '/' ? '' : page.path}${query}`}" hreflang="${l}" lang="${LOCALE_TAGS[l]}" data-set-locale="${l}"${attr('aria-current', l === page.locale && 'true')}>${LOCALE_NAMES[l]}</a></li>`,
  );
  return raw(pieces[0] + html`${languages}`.value + pieces[1]);
}

function headerHtml(v: View, page: PageState, m: ReturnType<typeof headerModel>, languages: SafeHtml): SafeHtml {
  const { href } = v;
  const link = (n: NavEntry) =>
    html`<a href="${href(n.path)}"${attr('aria-current', isCurrent(n, page.path) && 'page')}>${n.label}</a>`;
  const option = (o: string) => html`<option value="${o}"${attr('selected', o === page.currency)}>${o}</option>`;
  // The menu says how old the fiat rates are (refreshed daily, SPEC §9); coins are live prices.
  // An absolute UTC time, not "3 hours ago": the header is in cached pages.
  const asOf = v.ratesAsOf ? v.t('nav.ratesAsOf', { time: utcMinute(v.ratesAsOf) }) : v.t('nav.ratesUnknown');
  const currencies = html`<optgroup label="${asOf}">${RATE_SYMBOLS.filter((s) => !MARKET_RATE_COINS[s]).map(option)}</optgroup><optgroup label="${v.t('nav.ratesLive')}">${RATE_SYMBOLS.filter((s) => MARKET_RATE_COINS[s]).map(option)}</optgroup>`;
  // "By language" is the empty value: choosing it drops the cookie, so the language decides again.
  // Short names: on a desktop the settings share the header's second row with the content nav,
  // and the header must stay two rows (tests/e2e/layout.spec.ts); the colour-blind pair says what
  // it is for in its title. The account sits in the first row beside the search.
  const colourOptions = [
    html`<option value=""${attr('selected', !page.colours)}>${m.labels.riseFallAuto}</option>`,
    ...RISE_FALL_SCHEMES.map(
      (s) =>
        html`<option value="${s}"${attr('selected', s === page.colours)}${attr('title', s === 'blue-orange' && m.labels.riseFallBlueOrangeHint)}>${m.riseFall[s]}</option>`,
    ),
  ];
  const moreActive = m.more.some((e) => isCurrent(e, page.path));
  return html`<header class="site-header">
<div class="bar">
<button type="button" class="menu-toggle" aria-expanded="false" aria-controls="site-nav site-content-nav site-watch site-settings" aria-label="${m.labels.menu}" data-menu-toggle data-testid="menu-toggle">${MENU_ICON}</button>
<a class="logo" href="${href('/')}">${LOGO}<span>${m.siteName}</span></a>
<nav class="main-nav" id="site-nav" aria-label="${m.labels.mainMenu}">${m.main.map(link)}</nav>
<div class="search" data-quick-search data-locale="${page.locale}" data-base="${page.base}" data-dict="${m.searchDict}">
<form class="qs" role="search" action="${page.base}/search" method="get"><input type="text" name="q" role="combobox" aria-autocomplete="list" aria-expanded="false" aria-label="${m.labels.searchLabel}" placeholder="${m.labels.searchPlaceholder}" autocomplete="off" enterkeyhint="search" data-testid="quick-search-input" /></form>
</div>
<div class="account" data-account data-locale="${page.locale}" data-base="${page.base}" data-dict="${m.account.dict}" data-testid="account-area"><a href="${href('/user')}" data-login data-testid="header-login">${m.account.login}</a><span aria-hidden="true"> / </span><a href="${href('/user/register')}" data-testid="header-register">${m.account.register}</a></div>
</div>
<div class="bar sub">
<nav class="content-nav" id="site-content-nav" aria-label="${m.labels.contentMenu}">${m.content.map(link)}<details class="more"><summary${attr('class', moreActive && 'active')}>${m.labels.more}</summary><ul>${m.more.map((n) => html`<li>${link(n)}</li>`)}</ul></details></nav>
<div class="settings" id="site-settings">
<details class="lang"><summary><span class="sr-only">${m.labels.language}: </span>${LOCALE_NAMES[page.locale]}</summary><ul>${languages}</ul></details>
<select class="control" aria-label="${m.labels.currency}" title="${asOf}" data-testid="currency-switcher" data-setting="currency" data-rates-as-of="${v.ratesAsOf?.toISOString() ?? ''}">${currencies}</select>
<button type="button" class="control" aria-label="${m.labels.toggleTheme}" title="${page.theme === 'light' ? m.labels.themeDark : m.labels.themeLight}" data-testid="theme-toggle" data-theme-toggle data-title-dark="${m.labels.themeDark}" data-title-light="${m.labels.themeLight}"><span class="if-light" aria-hidden="true">☾</span><span class="if-dark" aria-hidden="true">☀</span></button>
<select class="control rise-fall" aria-label="${m.labels.riseFall}" title="${m.labels.riseFall}" data-testid="colours-switcher" data-setting="${RISE_FALL_COOKIE}">${colourOptions}</select>
</div>
<a class="watch-link" id="site-watch" href="${href('/watchlist')}"${attr('aria-current', page.path === '/watchlist' && 'page')} data-testid="header-watchlist"><svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true"><path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z"></path></svg>${m.account.watchlist}</a>
</div>
</header>`;
}

/**
 * The whole-market figures under the header, with the demo-data badge while the data is
 * generated. When the market cap, volume and dominance are CoinGecko's whole-market figures, a
 * linked credit follows them, as CoinGecko's terms ask, saying so and how old they are.
 */
export function renderStatsStrip(v: View, totals: GlobalTotals): SafeHtml {
  const { t } = v;
  const item = (label: string, value: string, title: string | null = null, testId: string | null = null) =>
    html`<span${attr('title', title)}${attr('data-testid', testId)}>${label}: <b class="num">${value}</b></span>`;
  const scope = totalsScope(v, totals);
  const mark = totals.marketCapEstimate ? '≈' : '';
  return html`<aside class="stats-strip" aria-label="${t('home.globalStats')}"><div class="inner">${[
    item(t('home.coinCount'), v.number(totals.coinCount, false)),
    item(t('home.exchangeCount'), v.number(totals.exchangeCount, false)),
    item(t('home.totalMarketCap'), `${mark}${v.money.amount(totals.totalMarketCap)}`, scope, 'strip-market-cap'),
    item(t('home.totalVolume'), v.money.amount(totals.totalVolume24h), scope),
    item(t('home.btcDominance'), `${mark}${v.percent(totals.btcDominance).replace(/^\+/, '')}`, scope),
  ]}${wholeMarketCredit(v, totals)}${dataBadge(v, totals)}</div></aside>`;
}

/**
 * What the whole-market sums add up, on live data without CoinGecko's figures (those say so in
 * their credit): the coins the sources price, and whether their market caps are estimates; null
 * otherwise (demo data is labelled by its badge).
 */
export function totalsScope(v: View, totals: GlobalTotals): string | null {
  if (totals.sums !== 'sources') return null;
  return [v.t('provenance.totalsSources'), totals.marketCapEstimate ? v.t('provenance.totalsEstimate') : null]
    .filter(Boolean)
    .join(' ');
}

/** "Data provided by CoinGecko", linked, when the whole-market figures are CoinGecko's; null otherwise. */
export function wholeMarketCredit(v: View, totals: GlobalTotals): SafeHtml | null {
  if (!totals.wholeMarket) return null;
  const { t } = v;
  const hint = t('provenance.wholeMarketHint', { age: ageText(v, totals.wholeMarket.updatedAt) });
  return html`<a class="credit" href="https://www.coingecko.com/" rel="noopener" title="${hint}" data-testid="whole-market-credit">${t('provenance.geckoCredit')}</a>`;
}

/**
 * What the numbers are: the demo seeder's ("Demo data"), or the live sources' with their age
 * ("Live data · updated 12 s ago"), or stale when the sources stopped answering. Links to the
 * methodology, which says how prices are made.
 */
function dataBadge(v: View, totals: GlobalTotals): SafeHtml | null {
  const { t, href } = v;
  const p = totals.provenance;
  if (p.source === 'demo')
    return html`<span class="badge demo" title="${t('site.demoDataHint')}" data-testid="demo-badge">${t('site.demoData')}</span>`;
  if (p.source !== 'live') return null;
  const sources = sourceList(v, p.sources);
  return p.stale
    ? html`<a class="badge stale" href="${href('/methodology')}" title="${t('provenance.staleHint', { age: ageText(v, p.updatedAt, true) })}" data-testid="data-badge" data-stale="true">${t('provenance.stale')} · ${sentenceWithAge(v, 'provenance.updated', p.updatedAt)}</a>`
    : html`<a class="badge live" href="${href('/methodology')}" title="${t('provenance.liveHint', { sources })}" data-testid="data-badge">${t('provenance.live')}: ${sources} · ${sentenceWithAge(v, 'provenance.updated', p.updatedAt)}</a>`;
}

export function renderFooter(v: View, p: GlobalTotals['provenance']): SafeHtml {
  const { t, href } = v;
  const origin =
    p.source === 'live'
      ? t('provenance.footer', { sources: sourceList(v, p.sources) })
      : p.source === 'demo'
        ? t('footer.dataSource', { source: t('footer.dataSourceDemo') })
        : null;
  return html`<footer class="site-footer"><div class="inner">
<p><b>${t('site.name')}</b> · ${t('footer.about')} ${t('footer.disclaimer')}</p>
<p class="muted" data-testid="footer-source">${origin ? html`${origin} · ` : null}${t('footer.icons')}</p>
<nav class="links" aria-label="${t('site.name')}"><a href="${href('/app')}">${t('footer.app')}</a><a href="${href('/review')}">${t('footer.reviews')}</a><a href="${href('/convert')}">${t('convert.nav')}</a><a href="${href('/widget/help')}">${t('footer.widget')}</a><a href="${href('/feeds')}">${t('footer.feeds')}</a><a href="${href('/privacy')}">${t('footer.privacy')}</a><a href="${href('/methodology')}">${t('footer.methodology')}</a><a href="/sitemap.xml">${t('footer.sitemap')}</a></nav>
<p class="muted">© ${new Date(v.now).getUTCFullYear()} ${t('site.name')}</p>
</div></footer>`;
}
