/**
 * What the announcement adapters share: titles as plain text, the source's own short text made
 * safe, links held to the exchange's own site, times, and the import item itself.
 */
import type { AnnouncementCategory } from '../../../../features/content/announcements/index.ts';
import { SourceError } from '../../sources/http.ts';
import { guessCategory } from '../import.ts';
import { localeFromTag, type ContentLocale, type ImportItem } from '../item.ts';
import { htmlToText, safeHref, sanitizeHtml } from '../sanitize.ts';

/** The most items one round gives, whatever the source sends. */
export const MAX_ITEMS = 50;

const TAG = /<\/?[a-z][a-z0-9]*(\s[^>]*)?\/?>/i;

/**
 * A title as plain text: tags gone (scripts with their content), entities decoded, one line. HTML
 * that was escaped once more ("&lt;b&gt;") goes too: a title is never markup.
 * @example plainTitle('Trade &amp; Earn <b>now</b>') // 'Trade & Earn now'
 */
export function plainTitle(raw: string): string {
  const once = htmlToText(raw);
  // Zero-width spaces and joiners left at a title's ends (KuCoin's) are invisible noise.
  return (TAG.test(once) ? htmlToText(once) : once)
    .replace(/\s+/g, ' ')
    .replace(/^[\s\u200b-\u200d\ufeff]+|[\s\u200b-\u200d\ufeff]+$/g, '');
}

const LOOKS_LIKE_HTML = /<\/?[a-z][^>]*>|&(#\d+|#x[0-9a-f]+|[a-z]+);/i;
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Inline HTML (a description of one sentence with a link) as one paragraph. */
const paragraph = (html: string) => (!html || /<(p|ul|ol|blockquote|pre|h[2-4])>/.test(html) ? html : `<p>${html}</p>`);

/**
 * The source's own short text as safe HTML (sanitize.ts) and plain text. Plain text keeps its
 * paragraphs (blank lines) and line breaks; nothing is added to what the source gave.
 * @example shortText('One\n\nTwo').html // '<p>One</p><p>Two</p>'
 */
export function shortText(raw: string | null | undefined, baseUrl?: string): { html: string; text: string } {
  const s = (raw ?? '').replace(/\r\n?/g, '\n').trim();
  if (!s) return { html: '', text: '' };
  const html = LOOKS_LIKE_HTML.test(s)
    ? paragraph(sanitizeHtml(s, { baseUrl }))
    : s
        .split(/\n[ \t]*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => `<p>${escapeText(p).replace(/\n/g, '<br>')}</p>`)
        .join('');
  return { html, text: htmlToText(html) };
}

/**
 * An http(s) link on one of `hosts` (or a subdomain), without its fragment; else null: a row whose
 * link goes anywhere else (another site, `javascript:`) is not the exchange's announcement.
 * @example siteLink('https://www.okx.com/help/a#top', ['okx.com']) // 'https://www.okx.com/help/a'
 */
export function siteLink(raw: string, hosts: readonly string[], base?: string): string | null {
  const href = safeHref(raw.trim(), base);
  if (!href) return null;
  const url = new URL(href);
  const host = url.hostname.toLowerCase();
  if (url.username || url.password || !hosts.some((h) => host === h || host.endsWith(`.${h}`))) return null;
  url.hash = '';
  return url.toString();
}

/** A first path segment naming a language: /en/, /zh-hans/, /zh_CN/, /ko-KR/. */
const LOCALE_SEGMENT = /^\/[a-z]{2}(?:[-_][a-z]{2,4})?(?=\/|$)/i;

/**
 * `link` with `segment` as its first path segment, unless it names a language already: a source
 * that gives every language the same (English) path still gets one key per language.
 * @example withLocaleSegment('https://www.okx.com/help/a', 'zh-hans') // 'https://www.okx.com/zh-hans/help/a'
 */
export function withLocaleSegment(link: string, segment: string): string {
  const url = new URL(link);
  if (LOCALE_SEGMENT.test(url.pathname)) return link;
  url.pathname = `/${segment}${url.pathname}`;
  return url.toString();
}

/** From 2009 to 2100: anything else is no publication time (seconds sent for ms, a placeholder 0). */
const plausible = (ms: number) => Number.isFinite(ms) && ms >= 1_230_768_000_000 && ms < 4_102_444_800_000;

/** A Unix-ms time, as a number or a string of digits, as a Date; null when unreadable. */
export function msDate(value: unknown): Date | null {
  const ms =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return plausible(ms) ? new Date(ms) : null;
}

/** An ISO 8601 time with its offset ("2026-11-20T14:05:12.345Z") as a Date; null when unreadable. */
export function isoDate(value: string | null | undefined): Date | null {
  if (!value || !/^\d{4}-\d\d-\d\dT/.test(value)) return null;
  const ms = Date.parse(value);
  return plausible(ms) ? new Date(ms) : null;
}

/** The source's language code for `locale`, or a SourceError when the source does not publish it. */
export function sourceLanguage<T extends string>(
  id: string,
  languages: Partial<Record<ContentLocale, T>>,
  locale: ContentLocale,
): T {
  const tag = languages[locale];
  if (!tag) throw new SourceError(id, `no ${locale} announcements (only ${Object.keys(languages).join(', ')})`);
  return tag;
}

/** Whether a row's own language tag fits the locale asked for; a missing or unknown tag does. */
export function fitsLocale(tag: string | null | undefined, locale: ContentLocale): boolean {
  const own = localeFromTag(tag);
  return own === null || own === locale;
}

/** One announcement as an adapter read it. */
export interface Announcement {
  /** Its position in the source's answer, from 1 (for messages). */
  n: number;
  link: string;
  title: string;
  html: string;
  text: string;
  publishedAt: Date | null;
  /** The category the source's own type maps to; null: guessed from the title. */
  category: AnnouncementCategory | null;
}

/**
 * Import items: one per link (the first wins), newest first (undated last), at most
 * {@link MAX_ITEMS}, with our category (the source's, else guessed from the title).
 */
export function toItems(
  source: { id: string; exchange: string },
  locale: ContentLocale,
  list: readonly Announcement[],
): ImportItem[] {
  const seen = new Set<string>();
  const time = (a: Announcement) => a.publishedAt?.getTime() ?? 0;
  return list
    .filter((a) => a.title && !seen.has(a.link) && seen.add(a.link))
    .sort((a, b) => time(b) - time(a))
    .slice(0, MAX_ITEMS)
    .map((a) => ({
      key: a.link,
      link: a.link,
      title: a.title,
      html: a.html,
      text: a.text,
      summary: null,
      publishedAt: a.publishedAt,
      locale,
      feedLocale: null,
      categories: [a.category ?? guessCategory(a.title)],
      exchange: source.exchange,
      kind: 'announcements',
      origin: `${source.id}:${locale}#${a.n}`,
    }));
}
