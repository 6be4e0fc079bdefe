/**
 * sitemap.xml: an index (/sitemap.xml) of child sitemaps (/sitemaps/{section}-{n}.xml), one
 * section per kind of page, built from the database. Every page is listed once per locale prefix
 * it is meant for, each <url> carrying xhtml:link hreflang alternates to its siblings (and the
 * English URL as x-default for pages shown in every locale), the same set the pages' <head>
 * declares (src/lib/seo.ts). Content written in one language (news, flash news …) is listed
 * only under the prefixes that show that language (pageLocalesFor, in sitemapSections.server.ts,
 * whose sections this file pages through). A child holds at most {@link PAGES_PER_FILE} pages, so at most
 * 4 × 10,000 = 40,000 URLs, within the protocol's 50,000.
 */
import { hreflangAlternates, localeUrl } from '../../lib/seo.ts';
import type { Db } from '../../server/db/index.ts';
import { escapeXml } from './feeds.server.ts';
import { SECTIONS, type SitemapPage } from './sitemapSections.server.ts';

export const PAGES_PER_FILE = 10_000;
/** The protocol's limit per sitemap file. */
const MAX_URLS_PER_FILE = 50_000;

interface SitemapFile {
  section: string;
  /** 1-based file number within the section. */
  n: number;
  lastmod: Date | null;
}

/** The site path of a child sitemap. */
export const sitemapFilePath = (f: { section: string; n: number }) => `/sitemaps/${f.section}-${f.n}.xml`;

/**
 * Reads a child sitemap's file name; null when malformed or naming no section.
 * @example parseSitemapFile('coins-2.xml') // { section: 'coins', n: 2 }
 */
export function parseSitemapFile(file: string): { section: string; n: number } | null {
  const m = /^([a-z]+)-([1-9]\d{0,5})\.xml$/.exec(file);
  if (!m || !SECTIONS.some((s) => s.name === m[1])) return null;
  return { section: m[1]!, n: Number(m[2]) };
}

/** The child sitemaps: one per {@link PAGES_PER_FILE} pages of each non-empty section. */
export async function sitemapFiles(db: Db): Promise<SitemapFile[]> {
  const per = await Promise.all(SECTIONS.map(async (s) => ({ s, n: await s.count(db), lastmod: await s.lastmod(db) })));
  return per.flatMap(({ s, n, lastmod }) =>
    Array.from({ length: Math.ceil(n / PAGES_PER_FILE) }, (_, i) => ({ section: s.name, n: i + 1, lastmod })),
  );
}

/** The pages of one child sitemap; null when the section has no such file. */
export async function sitemapPages(db: Db, section: string, n: number): Promise<SitemapPage[] | null> {
  const s = SECTIONS.find((x) => x.name === section);
  if (!s) return null;
  const pages = await s.pages(db, (n - 1) * PAGES_PER_FILE, PAGES_PER_FILE);
  return pages.length ? pages : null;
}

const w3cTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The sitemap index document. */
export function sitemapIndexXml(origin: string, files: SitemapFile[]): string {
  const entries = files.map(
    (f) =>
      `<sitemap><loc>${escapeXml(origin + sitemapFilePath(f))}</loc>${f.lastmod ? `<lastmod>${w3cTime(f.lastmod)}</lastmod>` : ''}</sitemap>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** A child sitemap: each page once per locale, with hreflang alternates. */
export function urlsetXml(origin: string, pages: SitemapPage[]): string {
  const urls: string[] = [];
  for (const p of pages) {
    const alternates = hreflangAlternates(origin, p.path, p.locales).map(
      (a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`,
    );
    const lastmod = p.lastmod ? `<lastmod>${w3cTime(p.lastmod)}</lastmod>` : '';
    for (const l of p.locales)
      urls.push(`<url><loc>${escapeXml(localeUrl(origin, l, p.path))}</loc>${lastmod}${alternates.join('')}</url>`);
  }
  if (urls.length > MAX_URLS_PER_FILE)
    throw new RangeError(`a sitemap holds at most ${MAX_URLS_PER_FILE} URLs, got ${urls.length}`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: everything but the API, with the sitemap's absolute URL. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
