/**
 * The header's labels and links for a locale, built once per locale (the header is on every
 * page; only which entry is current depends on the request).
 */
import type { Locale } from '../../lib/i18n/index.ts';
import type { RiseFallScheme } from '../../lib/riseFall.ts';
import type { SafeHtml } from '../../lib/html.ts';
import { islandDictAttr, translator } from '../../server/i18n/index.ts';

export interface NavEntry {
  path: string;
  label: string;
  /** Paths this entry is current for: the path itself and everything under it. */
  under: string[];
  /** Or (the main menu's sections) every path that starts with one of these. */
  prefixes?: string[];
}

interface HeaderModel {
  siteName: string;
  main: NavEntry[];
  content: NavEntry[];
  more: NavEntry[];
  labels: Record<
    | 'menu'
    | 'mainMenu'
    | 'contentMenu'
    | 'more'
    | 'language'
    | 'currency'
    | 'toggleTheme'
    | 'themeDark'
    | 'themeLight'
    | 'riseFall'
    | 'riseFallAuto'
    | 'riseFallBlueOrangeHint'
    | 'searchLabel'
    | 'searchPlaceholder',
    string
  >;
  /** The names of the rise/fall colour schemes, for the header's menu. */
  riseFall: Record<RiseFallScheme, string>;
  /**
   * The strings of the quick-search island, as the JSON it reads from a data attribute, escaped
   * for it once here: a few KB that every render used to escape again.
   */
  searchDict: SafeHtml;
  /** The account area: its links, and the strings of its menu and of the login dialog (as above). */
  account: { login: string; register: string; dict: SafeHtml; watchlist: string };
}

const models = new Map<Locale, HeaderModel>();

export function headerModel(locale: Locale): HeaderModel {
  let model = models.get(locale);
  if (model) return model;
  const t = translator(locale);
  const entry = (path: string, key: string, also: string[] = []): NavEntry => ({
    path,
    label: t(key),
    under: [path, ...also],
  });
  const section = (path: string, key: string, prefix: string): NavEntry => ({
    path,
    label: t(key),
    under: [],
    prefixes: [prefix],
  });
  model = {
    siteName: t('site.name'),
    main: [
      { path: '/', label: t('nav.home'), under: [] },
      section('/coin/list_1', 'nav.coins', '/coin'),
      section('/exchange/list_1', 'nav.exchanges', '/exchange'),
      section('/kline/btc', 'nav.kline', '/kline'),
      section('/rank', 'nav.rank', '/rank'),
      section('/pairs', 'nav.pairs', '/pairs'),
      section('/futures', 'nav.futures', '/futures'),
      section('/flow', 'nav.flow', '/flow'),
      section('/hot', 'nav.hot', '/hot'),
    ],
    content: [
      entry('/news', 'nav.news'),
      entry('/lives', 'nav.lives'),
      entry('/research', 'nav.research'),
      entry('/announcement', 'nav.announcements', ['/announcements']),
      entry('/notice', 'nav.notices', ['/notices']),
      entry('/calendar', 'nav.calendar'),
      entry('/ieo', 'nav.ieo'),
      entry('/columnist', 'nav.columnists'),
    ],
    more: ['baike', 'bitwiki', 'concept', 'topic', 'dynamic', 'question', 'wenda', 'twitter', 'weibo', 'portfolio'].map(
      (k) => entry(`/${k}`, `nav.${k}`),
    ),
    labels: {
      menu: t('nav.menu'),
      mainMenu: t('nav.mainMenu'),
      contentMenu: t('nav.contentMenu'),
      more: t('nav.more'),
      language: t('nav.language'),
      currency: t('nav.currency'),
      toggleTheme: t('nav.toggleTheme'),
      themeDark: t('nav.themeDark'),
      themeLight: t('nav.themeLight'),
      riseFall: t('nav.riseFall'),
      riseFallAuto: t('nav.riseFallAuto'),
      riseFallBlueOrangeHint: t('nav.riseFallBlueOrangeHint'),
      searchLabel: t('search.label'),
      searchPlaceholder: t('search.placeholder'),
    },
    riseFall: {
      'red-up': t('nav.riseFallRedUp'),
      'green-up': t('nav.riseFallGreenUp'),
      'blue-orange': t('nav.riseFallBlueOrange'),
    },
    // With what the quick search needs to offer an address or hash on block explorers.
    searchDict: islandDictAttr(
      locale,
      'search',
      'explorer.qs',
      'explorer.network',
      'explorer.evm',
      'explorer.address',
      'explorer.tx',
      'explorer.newTab',
      'explorer.badChecksum',
      'explorer.none',
    ),
    account: {
      login: t('account.header.login'),
      register: t('account.header.register'),
      watchlist: t('watch.link'),
      dict: islandDictAttr(locale, 'account.header', 'account.login', 'account.common', 'account.validation'),
    },
  };
  models.set(locale, model);
  return model;
}

/** Whether a header entry is the current one for a path (without locale prefix). */
export function isCurrent(entry: NavEntry, path: string): boolean {
  if (entry.path === '/') return path === '/';
  return (
    entry.under.some((p) => path === p || path.startsWith(`${p}/`)) || !!entry.prefixes?.some((p) => path.startsWith(p))
  );
}
