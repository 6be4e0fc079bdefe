/**
 * Reads an import source into items: a feed URL (http/https), a local feed file, a Markdown
 * file, or a directory of them (recursively, in name order; other files are ignored).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseFeedItems } from './feed.ts';
import type { ImportItem } from './item.ts';
import { parseMarkdownItem } from './markdown.ts';

const MARKDOWN = /\.(md|markdown)$/i;
const FEED = /\.(xml|rss|atom|rdf|json|feed)$/i;
/** Larger documents are refused: no real feed is this big, and it keeps memory bounded. */
const MAX_SOURCE_BYTES = 10 * 1024 * 1024;

export class SourceError extends Error {
  override name = 'SourceError';
}

export interface ReadResult {
  items: ImportItem[];
  /** Entries or files that could not be read, with the reason. */
  skipped: { origin: string; reason: string }[];
  /** Files (or the URL) read. */
  documents: number;
}

/**
 * Fetches a feed over HTTP with a timeout, a size limit and one retry on 429/5xx.
 * @example await fetchFeed('https://example.com/feed.xml')
 */
export async function fetchFeed(url: string, { timeoutMs = 15_000, fetchImpl = fetch } = {}): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetchImpl(url, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          accept:
            'application/rss+xml, application/atom+xml, application/feed+json, application/xml, text/xml;q=0.9, */*;q=0.5',
          'user-agent': 'Coinlens content import',
        },
        redirect: 'follow',
      });
    } catch (e) {
      throw new SourceError(
        `could not fetch ${url}: ${(e as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : (e as Error).message}`,
      );
    }
    if ((res.status === 429 || res.status >= 500) && attempt === 0) {
      await new Promise((r) => setTimeout(r, 1000 + Math.floor(Math.random() * 1000)));
      continue;
    }
    if (!res.ok) throw new SourceError(`could not fetch ${url}: HTTP ${res.status}`);
    const length = Number(res.headers.get('content-length') ?? 0);
    if (length > MAX_SOURCE_BYTES) throw new SourceError(`${url} is larger than ${MAX_SOURCE_BYTES / 1024 / 1024} MB`);
    const text = await res.text();
    if (text.length > MAX_SOURCE_BYTES)
      throw new SourceError(`${url} is larger than ${MAX_SOURCE_BYTES / 1024 / 1024} MB`);
    return text;
  }
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const out: string[] = [];
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.name.startsWith('.')) continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await listFiles(full)));
    else if (e.isFile() && (MARKDOWN.test(e.name) || FEED.test(e.name))) out.push(full);
  }
  return out;
}

function readDocument(text: string, origin: string, result: ReadResult, feedUrl?: string) {
  result.documents++;
  if (MARKDOWN.test(origin)) {
    try {
      result.items.push(parseMarkdownItem(text, origin));
    } catch (e) {
      result.skipped.push({ origin, reason: (e as Error).message });
    }
    return;
  }
  try {
    const feed = parseFeedItems(text, origin, feedUrl);
    result.items.push(...feed.items);
    result.skipped.push(...feed.skipped);
  } catch (e) {
    result.skipped.push({ origin, reason: (e as Error).message });
  }
}

/**
 * Reads one source. A missing path or an unreachable URL throws a SourceError; a bad file
 * inside a directory is reported in `skipped` and the rest is read.
 * @example await readSource('tests/fixtures/feeds') // every fixture's items
 */
export async function readSource(
  source: string,
  { fetchImpl = fetch }: { fetchImpl?: typeof fetch } = {},
): Promise<ReadResult> {
  const result: ReadResult = { items: [], skipped: [], documents: 0 };
  if (/^https?:\/\//i.test(source)) {
    const text = await fetchFeed(source, { fetchImpl });
    const origin = source;
    result.documents++;
    try {
      const feed = parseFeedItems(text, origin, source);
      result.items.push(...feed.items);
      result.skipped.push(...feed.skipped);
    } catch (e) {
      throw new SourceError(`${source}: ${(e as Error).message}`);
    }
    return result;
  }
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(source))
    throw new SourceError(`${source}: only http and https URLs can be imported`);
  let stat: Awaited<ReturnType<typeof fs.stat>>;
  try {
    stat = await fs.stat(source);
  } catch {
    throw new SourceError(`${source}: no such file or directory`);
  }
  if (stat.isDirectory()) {
    const files = await listFiles(source);
    if (!files.length)
      throw new SourceError(`${source}: no feed (.xml, .rss, .atom, .json) or Markdown (.md) files in this directory`);
    for (const file of files) {
      const st = await fs.stat(file);
      if (st.size > MAX_SOURCE_BYTES) {
        result.skipped.push({ origin: path.relative(source, file), reason: 'larger than 10 MB' });
        continue;
      }
      readDocument(await fs.readFile(file, 'utf8'), path.relative(source, file) || path.basename(file), result);
    }
    return result;
  }
  if (stat.size > MAX_SOURCE_BYTES) throw new SourceError(`${source} is larger than 10 MB`);
  const text = await fs.readFile(source, 'utf8');
  if (MARKDOWN.test(source)) {
    result.documents++;
    try {
      result.items.push(parseMarkdownItem(text, path.basename(source)));
    } catch (e) {
      throw new SourceError(`${source}: ${(e as Error).message}`);
    }
    return result;
  }
  result.documents++;
  try {
    const feed = parseFeedItems(text, path.basename(source));
    result.items.push(...feed.items);
    result.skipped.push(...feed.skipped);
  } catch (e) {
    throw new SourceError(`${source}: ${(e as Error).message}`);
  }
  return result;
}
