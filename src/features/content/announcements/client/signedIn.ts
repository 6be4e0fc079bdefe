/**
 * Announcement lists for signed-in readers. The page is rendered for visitors (the same HTML for
 * everyone: the rows of the newest 30 that the filters keep, then "Log in to see more"); when the
 * reader is signed in, this script asks the API for the page with the session (the API lifts the
 * limit for a valid one), draws the whole list's page in place of the visitor's (a filtered list
 * holds more rows than a visitor sees, a page past the limit holds none), and swaps the visitor's
 * pager for the whole list's (rendered by the server into a <template>). No framework: a list of
 * links.
 */
import { contentLang } from '../../../../lib/i18n/contentLanguage.ts';
import { formatRelativeTime } from '../../../../lib/format/relative.ts';
import { formatDateTime } from '../../../../lib/format/time.ts';
import { createTranslator, toLocale, type Dict } from '../../../../lib/i18n/index.ts';
import { apiGet } from '../../../../stores/api.ts';
import { el } from '../../../../islands/dom.ts';

interface Item {
  id: number;
  title: string;
  category: string;
  locale: string;
  publishedAt: string;
  exchange: { name: string; displayName: string };
  coins: { id: string; symbol: string }[];
}

interface ListPage {
  list: Item[];
  locked: boolean;
  limited: boolean;
}

function renderList(
  items: Item[],
  o: {
    base: string;
    locale: ReturnType<typeof toLocale>;
    t: (k: string) => string;
    showExchange: boolean;
    categoryUrl: (c: string) => string;
  },
): HTMLElement {
  const now = Date.now();
  return el(
    'ul',
    { className: 'announcements', data: { testid: 'announcement-list' } },
    ...items.map((a) =>
      el(
        'li',
        { data: { id: String(a.id) } },
        el(
          'div',
          { className: 'head' },
          el(
            'a',
            { className: 'badge cat', href: o.categoryUrl(a.category), data: { category: a.category } },
            o.t(`announcement.category.${a.category}`),
          ),
          ...(a.locale === o.locale
            ? []
            : [
                el(
                  'span',
                  {
                    className: 'badge lang-tag',
                    title: o.t(`contentLanguage.title.${a.locale}`),
                    data: { langTag: a.locale },
                  },
                  o.t(`contentLanguage.tag.${a.locale}`),
                ),
              ]),
          el('a', { className: 'title', href: `${o.base}/announcement/${a.id}`, lang: contentLang(a.locale) }, a.title),
        ),
        el(
          'div',
          { className: 'meta muted' },
          ...(o.showExchange
            ? [
                el(
                  'a',
                  {
                    href: `${o.base}/announcements/${encodeURIComponent(a.exchange.name)}`,
                    data: { testid: 'announcement-exchange' },
                  },
                  a.exchange.displayName,
                ),
              ]
            : []),
          el(
            'time',
            { dateTime: a.publishedAt, title: formatDateTime(a.publishedAt, now) },
            formatRelativeTime(a.publishedAt, now, o.locale ?? 'en'),
          ),
          ...(a.coins.length
            ? [
                el(
                  'span',
                  { className: 'coins' },
                  ...a.coins.map((c) => el('a', { href: `${o.base}/coin/${encodeURIComponent(c.id)}` }, c.symbol)),
                ),
              ]
            : []),
        ),
      ),
    ),
  );
}

/** Shows the whole list to a signed-in reader; resolves false when the API still answers as to a visitor. */
export async function showWholeList(box: HTMLElement): Promise<boolean> {
  if (box.dataset.whole) return true;
  let dict: Dict = {};
  let query: Record<string, string | number | undefined> = {};
  try {
    dict = JSON.parse(box.dataset.dict ?? '{}') as Dict;
    query = JSON.parse(box.dataset.query ?? '{}') as typeof query;
  } catch {
    return false;
  }
  const page = await apiGet<ListPage>('/new/v2/announcements', query);
  if (page.locked || page.limited) return false; // the token was not accepted
  box.dataset.whole = '1';
  const t = createTranslator(dict);
  const base = box.dataset.base ?? '';
  const url = new URL(location.href);
  const list = renderList(page.list, {
    base,
    locale: toLocale(document.documentElement.dataset.locale),
    t,
    showExchange: !!box.dataset.showExchange,
    categoryUrl: (c) => {
      const u = new URL(url);
      u.searchParams.set('category', c);
      u.searchParams.delete('page');
      return u.pathname + u.search;
    },
  });
  const shown = box.querySelector('ul[data-testid="announcement-list"]');
  if (shown) shown.replaceWith(list);
  else box.querySelector('[data-testid="login-to-see-more"]')?.before(list);
  box
    .querySelector('[data-testid="login-to-see-more"]')
    ?.replaceWith(
      el(
        'p',
        { className: 'muted signed-in-all', data: { testid: 'signed-in-all' } },
        t('account.announcement.signedInAll'),
      ),
    );
  const full = box.querySelector<HTMLTemplateElement>('template[data-full-pager]');
  if (full) {
    box.querySelector('nav.toolbar')?.remove();
    box.append(full.content.cloneNode(true));
  }
  return true;
}
