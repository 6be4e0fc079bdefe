// One page of every page family: the list the accessibility scans (a11y.spec.ts) and the CSP
// check (csp.spec.ts) visit. A new page family belongs here.
import { type APIRequestContext, expect } from '@playwright/test';

export type Family = {
  name: string;
  /** Also checked in zh and ko by validity.spec.ts; a11y.spec.ts names its own zh and dark sets. */
  main?: boolean;
  status?: number;
  /** The theme the page shows whatever the cookie says (the widget takes it from the query). */
  theme?: 'light' | 'dark';
} & (
  | { path: string } // a page at a fixed path (without the locale prefix)
  /** A detail page: the first link in `list` whose path matches `detail`, then `suffix`. */
  | { list: string; detail: RegExp; suffix?: string }
);

/**
 * Twenty rows of the long lists (50 or 100 by default, src/lib/pageSizes.ts): every kind of row
 * is there, and axe's time grows with the rows (a 100-coin list took over a minute on a busy machine).
 */
const ROWS = '?size=20';

const TABS = ['overview', 'market', 'historical-data', 'flow', 'analysis', 'ratings', 'news', 'calendar', 'repository'];

export const FAMILIES: Family[] = [
  { name: 'home', path: '/', main: true },
  { name: 'coin list', path: `/coin/list_1${ROWS}`, main: true },
  { name: 'coin detail', path: '/coin/bitcoin', main: true },
  ...TABS.map((tab) => ({ name: `coin tab ${tab}`, path: `/coin/bitcoin/${tab}${tab === 'market' ? ROWS : ''}` })),
  { name: 'exchange list', path: `/exchange/list_1${ROWS}`, main: true },
  { name: 'exchange detail', path: `/exchange/binance${ROWS}`, main: true },
  { name: 'exchange comments', path: '/exchange/binance/comment' },
  { name: 'exchange open account', path: '/exchange/establishAccount' },
  { name: 'exchange article', list: '/exchange/binance', detail: /^\/exchange\/article\/\d+$/ },
  { name: 'legacy link to nothing', path: '/coindetails/no-such-coin', status: 404 },
  { name: 'kline', path: '/kline/btc', main: true },
  { name: 'rank', path: `/rank${ROWS}`, main: true },
  { name: 'rank exchange flow', path: '/rank?type=exchange-flow&size=20' },
  { name: 'rank offering roi', path: '/rank?type=offering-roi&size=20' },
  { name: 'fear and greed', path: '/rank/fear-greed' },
  { name: 'global charts', path: '/charts' },
  { name: 'pairs', path: `/pairs${ROWS}` },
  { name: 'futures', path: `/futures${ROWS}` },
  { name: 'hot', path: `/hot${ROWS}`, main: true },
  { name: 'trending', path: `/trending${ROWS}` },
  { name: 'recently added', path: `/new-coins${ROWS}` },
  { name: 'converter', path: '/convert' },
  { name: 'converter pair', path: '/convert/btc-usd?amount=2.5' },
  { name: 'flow', path: '/flow' },
  { name: 'search', path: '/search?q=bitcoin', main: true },
  { name: 'lives', path: '/lives', main: true },
  { name: 'lives detail', list: '/lives', detail: /^\/lives\/\d+$/ },
  { name: 'news', path: '/news', main: true },
  { name: 'news detail', list: '/news', detail: /^\/news\/\d+$/, main: true },
  { name: 'research', path: '/research' },
  { name: 'research detail', list: '/research', detail: /^\/research\/\d+$/ },
  { name: 'columnists', path: '/columnist' },
  { name: 'columnist', list: '/columnist', detail: /^\/columnist\/\d+$/ },
  { name: 'announcements', path: '/announcement' },
  { name: 'announcement detail', list: '/announcement', detail: /^\/announcement\/\d+$/ },
  { name: 'exchange announcements', path: '/announcements/binance' },
  { name: 'notices', path: '/notice' },
  { name: 'notice detail', list: '/notice', detail: /^\/notice\/\d+$/ },
  { name: 'notice category', path: '/notices' },
  { name: 'calendar', path: '/calendar', main: true },
  { name: 'calendar month', path: '/calendar?view=month' },
  { name: 'calendar detail', list: '/calendar', detail: /^\/calendar\/\d+$/ },
  { name: 'ieo', path: '/ieo' },
  { name: 'ieo roi', path: '/ieo/ieo-roi' },
  { name: 'ieo platforms roi', path: '/ieo/ieo-platforms-roi' },
  { name: 'ieo detail', list: '/ieo', detail: /^\/ieo\/(?!ieo-)[\w-]+$/ },
  { name: 'ieo comments', list: '/ieo', detail: /^\/ieo\/(?!ieo-)[\w-]+$/, suffix: '/comment' },
  { name: 'baike', path: '/baike' },
  { name: 'baike entry', list: '/baike', detail: /^\/baike\/[\w-]+$/ },
  { name: 'bitwiki', path: '/bitwiki' },
  { name: 'bitwiki entry', list: '/bitwiki', detail: /^\/bitwiki\/[\w-]+$/ },
  { name: 'concepts', path: '/concept' },
  { name: 'concept', list: '/concept', detail: /^\/concept\/[\w-]+$/ },
  { name: 'topics', path: '/topic' },
  { name: 'topic', list: '/topic', detail: /^\/topic\/\d+$/ },
  { name: 'dynamics', path: '/dynamic' },
  { name: 'dynamic', list: '/dynamic', detail: /^\/dynamic\/\d+$/ },
  { name: 'questions', path: '/question' },
  { name: 'question', list: '/question', detail: /^\/question\/\d+$/ },
  { name: 'wenda', path: '/wenda' },
  { name: 'twitter', path: '/twitter' },
  { name: 'twitter post', list: '/twitter', detail: /^\/twitter\/\d+$/ },
  { name: 'weibo', path: '/weibo' },
  { name: 'weibo post', list: '/weibo', detail: /^\/weibo\/\d+$/ },
  { name: 'app', path: '/app' },
  { name: 'privacy', path: '/privacy' },
  { name: 'methodology', path: '/methodology' },
  { name: 'review', path: '/review' },
  { name: 'forbidden', path: '/forbidden', status: 403 },
  { name: 'widget', path: '/widget' },
  { name: 'widget dark', path: '/widget?theme=dark', theme: 'dark' },
  { name: 'widget help', path: '/widget/help' },
  { name: 'feeds', path: '/feeds' },
  { name: 'not found', path: '/no/such/page', status: 404, main: true },
  { name: 'register', path: '/user/register', main: true },
  { name: 'forgot password', path: '/user/forgot' },
  { name: 'reset password', path: '/user/reset?token=not-a-real-token' },
  { name: 'activation, bad link', path: '/user/activate?token=not-a-real-token', status: 400 },
  { name: 'user centre, visitor (login dialog)', path: '/user', main: true },
  { name: 'watchlist, empty (tests/e2e/watchlist.spec.ts scans a filled one)', path: '/watchlist' },
  { name: 'portfolio, empty (tests/e2e/portfolio.spec.ts scans a filled one)', path: '/portfolio' },
  { name: 'user page', list: '/exchange/binance/comment', detail: /^\/user\/\w+$/, main: true },
];

/**
 * The path (without the locale prefix) of the first link in `list`'s server-drawn <main> whose
 * path matches `detail`, read from the HTML as validity.spec.ts reads it: a browser load of the
 * list page before each detail family's scan cost more than the request.
 */
export async function detailPath(
  request: APIRequestContext,
  prefix: string,
  list: string,
  detail: RegExp,
): Promise<string> {
  const html = await (await request.get(`${prefix}${list}`)).text();
  const main = html.slice(html.indexOf('<main'), html.lastIndexOf('</main>'));
  const found = [...main.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)]
    .map((m) => new URL(m[1]!.replace(/&amp;/g, '&'), 'http://x').pathname.slice(prefix.length))
    .find((h) => detail.test(h));
  expect(found, `a link matching ${detail} on ${prefix}${list}`).toBeTruthy();
  return found!;
}
