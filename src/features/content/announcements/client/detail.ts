/**
 * An announcement past the visitor limit, for a signed-in reader. The page is rendered for
 * visitors (src/features/content/announcements/LockedAnnouncement.astro: "Log in to read"); this asks
 * the API for the announcement with the session (the API opens it to signed-in readers only)
 * and shows it in place. No framework: a title, a line of facts, paragraphs of text.
 */
import { contentLang } from '../../../../lib/i18n/contentLanguage.ts';
import { formatDateTime } from '../../../../lib/format/time.ts';
import { createTranslator, type Dict } from '../../../../lib/i18n/index.ts';
import { apiGet } from '../../../../stores/api.ts';
import { el } from '../../../../islands/dom.ts';

interface Detail {
  id: number;
  title: string;
  category: string;
  locale: string;
  publishedAt: string;
  url: string;
  body: string | null;
  exchange: { name: string; displayName: string };
  coins: { id: string; symbol: string; name: string }[];
}

/** Shows the announcement in `box` to a signed-in reader; resolves false when the API still answers as to a visitor. */
export async function showAnnouncement(box: HTMLElement): Promise<boolean> {
  if (box.dataset.shown) return true;
  let dict: Dict = {};
  try {
    dict = JSON.parse(box.dataset.dict ?? '{}') as Dict;
  } catch {
    /* keys show instead of words */
  }
  const t = createTranslator(dict);
  const base = box.dataset.base ?? '';
  const note = box.querySelector('[role="note"]');
  note?.setAttribute('aria-busy', 'true');
  let a: Detail;
  try {
    a = await apiGet<Detail>(`/new/v2/announcements/${encodeURIComponent(box.dataset.announcementLocked ?? '')}`);
  } catch {
    note?.removeAttribute('aria-busy');
    return false; // still a visitor to the API (the session ended): the page says how to log in
  }
  box.dataset.shown = '1';
  const lang = contentLang(a.locale);
  const paragraphs = (a.body ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  box.replaceChildren(
    el('h1', { lang, data: { testid: 'announcement-title' } }, a.title),
    el(
      'div',
      { className: 'meta' },
      el('span', { className: 'badge' }, t(`announcement.category.${a.category}`)),
      el('a', { href: `${base}/exchange/${encodeURIComponent(a.exchange.name)}` }, a.exchange.displayName),
      el('time', { dateTime: a.publishedAt }, formatDateTime(a.publishedAt, Date.now())),
    ),
    el('div', { className: 'body', lang, data: { testid: 'content-body' } }, ...paragraphs.map((p) => el('p', {}, p))),
    ...(a.coins.length
      ? [
          el(
            'section',
            { className: 'related' },
            el('h2', {}, t('announcement.relatedCoins')),
            el(
              'ul',
              { className: 'chips' },
              ...a.coins.map((c) =>
                el('li', {}, el('a', { href: `${base}/coin/${encodeURIComponent(c.id)}` }, `${c.name} (${c.symbol})`)),
              ),
            ),
          ),
        ]
      : []),
    el(
      'p',
      {},
      el(
        'a',
        { href: a.url, rel: 'nofollow noopener', target: '_blank', data: { testid: 'original-link' } },
        `${t('announcement.original')} ↗`,
      ),
    ),
  );
  return true;
}
