/**
 * Markdown files with front matter, for content written by hand:
 *
 * ```
 * ---
 * title: Binance will list XYZ
 * date: 2026-11-16 08:00 +0800
 * link: https://www.binance.com/en/support/announcement/xyz
 * kind: announcements          # news | research | lives | announcements (else the CLI's --kind)
 * exchange: binance            # announcements only (else the CLI's --exchange)
 * category: listing            # announcements: the category; others: ignored
 * locale: en                   # en | zh | zh-hk | ko (else --locale, else guessed)
 * important: true              # flash news: the importance flag
 * coins: [bitcoin, ETH]        # related coins beyond the detected ones (ids or symbols)
 * summary: One line for lists.
 * ---
 * Body in Markdown …
 * ```
 *
 * The front matter is a small YAML subset: `key: value` lines, quoted or plain strings,
 * true/false, `[a, b]` lists or `- item` lines under a key, and # comments. The body supports
 * paragraphs, #–#### headings, - / * / 1. lists, > quotes, fenced and inline code, **bold**,
 * *italic* / _italic_ and [links](https://…); inline HTML passes through the sanitiser.
 */
import { IMPORT_KINDS, localeFromTag, type ImportItem, type ImportKind } from './item.ts';
import { parseFeedDate } from './dates.ts';
import { htmlToText, safeHref, sanitizeHtml } from './sanitize.ts';

export class FrontMatterError extends Error {
  override name = 'FrontMatterError';
}

type FrontMatterValue = string | boolean | number | string[];

function scalar(raw: string): string | boolean | number {
  const v = raw.trim();
  if (
    (v.startsWith('"') && v.endsWith('"') && v.length >= 2) ||
    (v.startsWith("'") && v.endsWith("'") && v.length >= 2)
  ) {
    const inner = v.slice(1, -1);
    return v[0] === '"'
      ? inner.replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c))
      : inner.replace(/''/g, "'");
  }
  if (/^(true|yes)$/i.test(v)) return true;
  if (/^(false|no)$/i.test(v)) return false;
  if (/^-?\d+(\.\d+)?$/.test(v) && !/^0\d/.test(v)) return Number(v);
  return v;
}

const stripComment = (line: string) => line.replace(/\s+#.*$/, '');

/**
 * Splits a document into its front matter (parsed) and body. A document without front matter
 * has an empty one.
 * @example parseFrontMatter('---\ntitle: Hi\ntags: [a, b]\n---\nBody').data // { title: 'Hi', tags: ['a', 'b'] }
 */
export function parseFrontMatter(source: string): { data: Record<string, FrontMatterValue>; body: string } {
  const text = source.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n');
  const m = /^---[ \t]*\n([\s\S]*?)\n(?:---|\.\.\.)[ \t]*(?:\n|$)/.exec(text);
  if (!m) {
    if (/^---[ \t]*\n/.test(text)) throw new FrontMatterError('the front matter is not closed with a "---" line');
    return { data: {}, body: text };
  }
  const data: Record<string, FrontMatterValue> = {};
  let listKey: string | null = null;
  m[1]!.split('\n').forEach((line, i) => {
    if (!line.trim() || /^\s*#/.test(line)) return;
    const item = /^\s+-\s+(.*)$|^-\s+(.*)$/.exec(line);
    if (item && listKey) {
      (data[listKey] as string[]).push(String(scalar(stripComment(item[1] ?? item[2] ?? ''))));
      return;
    }
    const kv = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!kv) throw new FrontMatterError(`front matter line ${i + 2} is not "key: value": ${line.trim().slice(0, 60)}`);
    const key = kv[1]!.toLowerCase();
    const value = kv[2]!.trim();
    const quoted = /^["']/.test(value);
    const clean = quoted ? value : stripComment(value).trim();
    if (!clean) {
      data[key] = [];
      listKey = key;
      return;
    }
    listKey = null;
    if (clean.startsWith('[') && clean.endsWith(']')) {
      data[key] = clean
        .slice(1, -1)
        .split(',')
        .map((s) => String(scalar(s)))
        .filter(Boolean);
      return;
    }
    data[key] = scalar(clean);
  });
  return { data, body: text.slice(m[0].length) };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Inline Markdown: code spans, links, bold, italic (HTML inside is left for the sanitiser). */
function inline(s: string): string {
  const codes: string[] = [];
  let out = s.replace(/`([^`]+)`/g, (_, c: string) => `\u0000${codes.push(`<code>${escapeHtml(c)}</code>`) - 1}\u0000`);
  out = out
    .replace(
      /\[([^\]]+)\]\(\s*<?((?:[^()\s>]|\([^()\s]*\))+)>?(?:\s+"[^"]*")?\s*\)/g,
      (_, label: string, href: string) => `<a href="${href.replace(/"/g, '&quot;')}">${label}</a>`,
    )
    .replace(/\*\*(?=\S)([\s\S]*?\S)\*\*/g, '<strong>$1</strong>')
    .replace(/__(?=\S)([\s\S]*?\S)__/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*(?=\S)([^*]*?\S)\*(?!\*)/g, '$1<em>$2</em>')
    .replace(/(^|[^_\w])_(?=\S)([^_]*?\S)_(?![_\w])/g, '$1<em>$2</em>');
  // eslint-disable-next-line no-control-regex
  return out.replace(/\u0000(\d+)\u0000/g, (_, i: string) => codes[Number(i)]!);
}

/**
 * Renders the Markdown subset described above to HTML (not yet sanitised).
 * @example renderMarkdown('# Hi\n\nSome **bold** text.') // '<h2>Hi</h2>\n<p>Some <strong>bold</strong> text.</p>'
 */
export function renderMarkdown(md: string): string {
  const lines = md.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let para: string[] = [];
  let list: { tag: 'ul' | 'ol'; items: string[] } | null = null;
  let quote: string[] = [];
  const flushPara = () => {
    if (para.length) out.push(`<p>${inline(para.join(' '))}</p>`);
    para = [];
  };
  const flushList = () => {
    if (list) out.push(`<${list.tag}>${list.items.map((i) => `<li>${inline(i)}</li>`).join('')}</${list.tag}>`);
    list = null;
  };
  const flushQuote = () => {
    if (quote.length) out.push(`<blockquote>${renderMarkdown(quote.join('\n'))}</blockquote>`);
    quote = [];
  };
  const flushAll = () => {
    flushPara();
    flushList();
    flushQuote();
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^\s*(```|~~~)/.exec(line);
    if (fence) {
      flushAll();
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.trim().startsWith(fence[1]!); i++) code.push(lines[i]!);
      out.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
      continue;
    }
    if (/^\s*>/.test(line)) {
      flushPara();
      flushList();
      quote.push(line.replace(/^\s*>\s?/, ''));
      continue;
    }
    flushQuote();
    if (!line.trim()) {
      flushPara();
      flushList();
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      flushAll();
      const level = Math.min(4, Math.max(2, heading[1]!.length + 1));
      out.push(`<h${level}>${inline(heading[2]!)}</h${level}>`);
      continue;
    }
    const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (bullet || numbered) {
      flushPara();
      const tag = bullet ? 'ul' : 'ol';
      if (list && list.tag !== tag) flushList();
      list ??= { tag, items: [] };
      list.items.push((bullet ?? numbered)![1]!);
      continue;
    }
    if (list && /^\s{2,}\S/.test(line)) {
      list.items[list.items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    flushList();
    para.push(line.trim());
  }
  flushAll();
  return out.join('\n');
}

const asString = (v: FrontMatterValue | undefined): string | undefined =>
  v === undefined ? undefined : Array.isArray(v) ? v.join(', ') : String(v).trim() || undefined;

/**
 * An import item from a Markdown file. Without a `link`, the key is
 * `urn:coinlens:markdown:<file name without extension>`; the title falls back to the first
 * heading of the body.
 * @example parseMarkdownItem(source, 'halving.md').title
 */
export function parseMarkdownItem(source: string, origin: string): ImportItem {
  const { data, body } = parseFrontMatter(source);
  let md = body;
  let title = asString(data.title);
  // A leading "# Heading" is the title: taken as it when the front matter has none, dropped
  // when it repeats the front matter's.
  const h = /^\s*#\s+(.+?)\s*#*\s*$/m.exec(md);
  if (h && md.slice(0, h.index).trim() === '' && (!title || h[1]!.trim() === title)) {
    title = h[1]!.trim();
    md = md.slice(h.index + h[0].length);
  }
  if (!title) throw new FrontMatterError('no title: add "title:" to the front matter or start the body with "# Title"');
  const rawLink = asString(data.link) ?? asString(data.url) ?? asString(data.source);
  const link = rawLink ? safeHref(rawLink) : null;
  if (rawLink && !link) throw new FrontMatterError(`link "${rawLink}" is not an absolute http(s) URL`);
  const kindRaw = asString(data.kind)?.toLowerCase();
  const kind =
    kindRaw === 'announcement' ? 'announcements' : kindRaw === 'flash' || kindRaw === 'flash_news' ? 'lives' : kindRaw;
  if (kind && !(IMPORT_KINDS as readonly string[]).includes(kind))
    throw new FrontMatterError(`kind "${kindRaw}" is not one of ${IMPORT_KINDS.join(', ')}`);
  const dateRaw = asString(data.date) ?? asString(data.published) ?? asString(data.pubdate);
  const publishedAt = dateRaw ? parseFeedDate(dateRaw) : null;
  if (dateRaw && !publishedAt)
    throw new FrontMatterError(
      `date "${dateRaw}" is not a date (use 2026-11-16, 2026-11-16 08:00 +0800 or an RFC 822 date)`,
    );
  const localeRaw = asString(data.locale) ?? asString(data.lang) ?? asString(data.language);
  const locale = localeRaw ? localeFromTag(localeRaw) : null;
  if (localeRaw && !locale) throw new FrontMatterError(`locale "${localeRaw}" is not one of en, zh, zh-hk, ko`);
  const html = sanitizeHtml(renderMarkdown(md), { baseUrl: link ?? undefined });
  const text = htmlToText(html);
  const name = origin
    .replace(/\\/g, '/')
    .split('/')
    .pop()!
    .replace(/\.(md|markdown)$/i, '');
  const category = asString(data.category);
  const coinsRaw = data.coins ?? data.coin;
  return {
    key: link ?? `urn:coinlens:markdown:${name.toLowerCase().replace(/[^a-z0-9\u0080-\uffff]+/g, '-')}`,
    link,
    title: title.replace(/\s+/g, ' '),
    html: html || `<p>${escapeHtml(title)}</p>`,
    text: text || title,
    summary: asString(data.summary) ?? null,
    publishedAt,
    locale,
    feedLocale: null,
    categories: category ? [category] : Array.isArray(data.tags) ? data.tags : [],
    kind: kind as ImportKind | undefined,
    exchange: asString(data.exchange)?.toLowerCase(),
    important: typeof data.important === 'boolean' ? data.important : undefined,
    coins:
      coinsRaw === undefined
        ? undefined
        : Array.isArray(coinsRaw)
          ? coinsRaw
          : String(coinsRaw)
              .split(/[\s,]+/)
              .filter(Boolean),
    cover: asString(data.cover) ? (safeHref(asString(data.cover)!) ?? undefined) : undefined,
    origin,
  };
}
