/**
 * RSS 2.0, Atom, RSS 1.0 (RDF) and JSON Feed documents, parsed with feedsmith and turned into
 * import items. The key of an item is its http(s) link, else its guid/id (a guid that is not a
 * URI is qualified with the feed's link so two feeds' "123" do not collide).
 */
import { parseFeed } from 'feedsmith';
import { parseFeedDate } from './dates.ts';
import { type ContentLocale, localeFromTag, type ImportItem } from './item.ts';
import { decodeEntities, htmlToText, safeHref, sanitizeHtml } from './sanitize.ts';

export class FeedFormatError extends Error {
  override name = 'FeedFormatError';
}

/** Raw fields common to every feed format, before cleaning. */
interface RawEntry {
  title?: string | undefined;
  titleIsHtml?: boolean;
  link?: string | undefined;
  guid?: string | undefined;
  body?: string | undefined;
  summary?: string | undefined;
  dates: (string | undefined)[];
  categories: string[];
  lang?: string | undefined;
  /** The byline: names only (an RSS author's e-mail address is not kept). */
  authors?: (string | undefined)[];
  /** Image candidates, best first: media thumbnail or content, an image enclosure. */
  images?: (string | undefined)[];
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
/** A feed's media thumbnails, image contents and image enclosures, as URLs. */
interface MediaLike {
  thumbnails?: { url?: string }[];
  contents?: { url?: string; medium?: string; type?: string }[];
}
const mediaImages = (m: MediaLike | undefined) => [
  ...(m?.thumbnails ?? []).map((t) => t.url),
  ...(m?.contents ?? []).filter((c) => c.medium === 'image' || c.type?.startsWith('image/')).map((c) => c.url),
];
const imageEnclosures = (list: { url?: string; href?: string; type?: string; rel?: string }[] | undefined) =>
  (list ?? [])
    .filter((e) => (e.rel === undefined || e.rel === 'enclosure') && e.type?.startsWith('image/'))
    .map((e) => e.url ?? e.href);

const textOf = (v: unknown): string | undefined =>
  typeof v === 'string' ? str(v) : v && typeof v === 'object' ? str((v as { value?: unknown }).value) : undefined;

function atomLink(links: { href?: string; rel?: string }[] | undefined): string | undefined {
  const list = links ?? [];
  return str((list.find((l) => !l.rel || l.rel === 'alternate') ?? list.find((l) => l.rel !== 'self'))?.href);
}

/** The entries of any supported feed format plus the feed's link and language. */
function rawEntries(xml: string): {
  entries: RawEntry[];
  feedLink?: string | undefined;
  lang?: string | undefined;
  title?: string | undefined;
} {
  let parsed: ReturnType<typeof parseFeed>;
  try {
    parsed = parseFeed(xml);
  } catch (e) {
    throw new FeedFormatError(`not a readable RSS, Atom, RDF or JSON feed (${(e as Error).message})`);
  }
  switch (parsed.format) {
    case 'rss': {
      const f = parsed.feed;
      return {
        title: str(f.title),
        feedLink: str(f.link),
        lang: str(f.language),
        entries: (f.items ?? []).map((i) => ({
          title: str(i.title),
          link: str(i.link),
          guid: str(i.guid?.value),
          body: str(i.content?.encoded) ?? str(i.description),
          summary: str(i.content?.encoded) ? str(i.description) : undefined,
          dates: [i.pubDate, ...(i.dc?.dates ?? []), i.atom?.published, i.atom?.updated].map((d) => str(d)),
          categories: (i.categories ?? []).map((c) => str(c.name)).filter((c): c is string => !!c),
          authors: [...(i.authors ?? []).map((a) => (typeof a === 'string' ? a : a.name)), ...(i.dc?.creators ?? [])],
          images: [...mediaImages(i.media), ...imageEnclosures(i.enclosures)],
        })),
      };
    }
    case 'atom': {
      const f = parsed.feed;
      return {
        title: textOf(f.title),
        feedLink: atomLink(f.links),
        lang: str(f.xml?.lang),
        entries: (f.entries ?? []).map((e) => ({
          title: textOf(e.title),
          titleIsHtml: e.title?.type === 'html' || e.title?.type === 'xhtml',
          link: atomLink(e.links),
          guid: str(e.id),
          body: textOf(e.content) ?? textOf(e.summary),
          summary: textOf(e.content) ? textOf(e.summary) : undefined,
          dates: [e.published, e.updated, ...(e.dc?.dates ?? [])].map((d) => str(d)),
          categories: (e.categories ?? []).map((c) => str(c.label) ?? str(c.term)).filter((c): c is string => !!c),
          lang: str(e.xml?.lang),
          authors: [...(e.authors ?? []).map((a) => a.name), ...(e.dc?.creators ?? [])],
          images: [...mediaImages(e.media), ...imageEnclosures(e.links)],
        })),
      };
    }
    case 'rdf': {
      const f = parsed.feed;
      return {
        title: str(f.title),
        feedLink: str(f.link),
        lang: str(f.dc?.languages?.[0]),
        entries: (f.items ?? []).map((i) => ({
          title: str(i.title),
          link: str(i.link),
          guid: str(i.rdf?.about),
          body: str(i.content?.encoded) ?? str(i.description),
          dates: [...(i.dc?.dates ?? [])].map((d) => str(d)),
          categories: (i.dc?.subjects ?? []).filter((c): c is string => !!str(c)),
          authors: i.dc?.creators ?? [],
        })),
      };
    }
    case 'json': {
      const f = parsed.feed;
      return {
        title: str(f.title),
        feedLink: str(f.home_page_url),
        lang: str(f.language),
        entries: (f.items ?? []).map((i) => ({
          title: str(i.title),
          link: str(i.url),
          guid: str(i.id),
          body: str(i.content_html) ?? (str(i.content_text) ? `<p>${escapeHtml(i.content_text!)}</p>` : undefined),
          summary: str(i.summary),
          dates: [i.date_published, i.date_modified].map((d) => str(d)),
          categories: (i.tags ?? []).filter((c): c is string => !!str(c)),
          lang: str(i.language),
          authors: (i.authors ?? []).map((a) => a.name),
          images: [i.image, i.banner_image],
        })),
      };
    }
  }
}

/** The zone of a date written without one, by the feed's language: Korean and Chinese CMSs write local time. */
const LOCAL_ZONE: Record<ContentLocale, number> = { en: 0, zh: 480, 'zh-hk': 480, ko: 540 };

/** WordPress's (Yoast's) "The post … appeared first on …" line that ends every entry of some feeds. */
const withoutFooter = (html: string) =>
  html.replace(/<p>\s*The post <a\b[^>]*>[\s\S]*?<\/a> appeared first on <a\b[^>]*>[\s\S]*?<\/a>\.?\s*<\/p>\s*$/i, '');

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Import items from a feed document. Entries without a title or text, or without any link
 * or id to key them on, are reported in `skipped` rather than thrown.
 * @example parseFeedItems(xml, 'news.rss.xml').items[0].title
 */
export function parseFeedItems(
  xml: string,
  origin: string,
  feedUrl?: string,
): { title: string | null; items: ImportItem[]; skipped: { origin: string; reason: string }[] } {
  const { entries, feedLink, lang, title } = rawEntries(xml);
  const base = safeHref(feedLink ?? '', feedUrl) ?? (feedUrl ? safeHref(feedUrl) : null) ?? undefined;
  const items: ImportItem[] = [];
  const skipped: { origin: string; reason: string }[] = [];
  entries.forEach((e, index) => {
    const where = `${origin}#${index + 1}`;
    const link = e.link ? safeHref(e.link, base) : null;
    const guidUrl = e.guid && /^[a-z][a-z0-9+.-]*:/i.test(e.guid) ? e.guid : null;
    const key = link ?? guidUrl ?? (e.guid ? `${base ?? `urn:coinlens:feed:${origin}`}#${e.guid}` : null);
    const html = sanitizeHtml(withoutFooter(e.body ?? ''), { baseUrl: link ?? base });
    const text = htmlToText(html);
    // A plain title may still carry escaped entities ("Q&amp;A" in CDATA, "&#8217;" escaped twice).
    const titleText = e.title
      ? (e.titleIsHtml || /<[a-z][\s\S]*>/i.test(e.title) ? htmlToText(e.title) : decodeEntities(e.title))
          .replace(/\s+/g, ' ')
          .trim()
      : '';
    if (!key) {
      skipped.push({ origin: where, reason: 'no link or id' });
      return;
    }
    if (!titleText && !text) {
      skipped.push({ origin: where, reason: 'no title or text' });
      return;
    }
    const dates = e.dates.filter((d): d is string => !!d);
    const feedLocale = localeFromTag(e.lang) ?? localeFromTag(lang);
    const zoneless = feedLocale ? LOCAL_ZONE[feedLocale] : 0;
    const published = dates.map((d) => parseFeedDate(d, zoneless)).find((d): d is Date => d !== null) ?? null;
    items.push({
      key,
      link,
      title: titleText || summaryTitle(text),
      html: html || `<p>${escapeHtml(titleText)}</p>`,
      text: text || titleText,
      summary: e.summary ? htmlToText(withoutFooter(e.summary)) || null : null,
      publishedAt: published,
      locale: null,
      feedLocale,
      categories: e.categories,
      author: authorOf(e.authors),
      cover: (e.images ?? []).map((u) => (u ? safeHref(u, link ?? base) : null)).find((u) => u) ?? undefined,
      origin: where,
    });
  });
  return { title: title ?? null, items, skipped };
}

/** The first named author, without an e-mail address ("a@b.c (Ann)" is Ann), at most 80 characters. */
function authorOf(list: (string | undefined)[] | undefined): string | undefined {
  for (const raw of list ?? []) {
    const name = str(raw)
      ?.replace(/^\S+@\S+\s*\((.*)\)$/, '$1')
      .replace(/\S+@\S+/g, '')
      .trim();
    if (name) return Array.from(htmlToText(name)).slice(0, 80).join('');
  }
  return undefined;
}

/** A title for an untitled entry (flash news often has none): its first sentence, shortened. */
function summaryTitle(text: string): string {
  const first = text.split(/(?<=[.!?。！？])\s*/)[0] ?? text;
  const chars = Array.from(first.trim());
  return chars.length > 80 ? `${chars.slice(0, 79).join('')}…` : chars.join('');
}
