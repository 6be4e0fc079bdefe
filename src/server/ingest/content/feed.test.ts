import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FeedFormatError, parseFeedItems } from './feed.ts';

const fixture = (name: string) => fs.readFileSync(path.resolve('tests/fixtures/feeds', name), 'utf8');

describe('parseFeedItems: RSS 2.0', () => {
  const { title, items, skipped } = parseFeedItems(fixture('news.rss.xml'), 'news.rss.xml');

  it('reads every entry with its link as key, the feed language and the title', () => {
    expect(title).toBe('Chain Ledger Daily');
    expect(skipped).toEqual([]);
    expect(items).toHaveLength(6);
    expect(items[0]!.key).toBe('https://chainledger.example/2026/11/16/bitcoin-tops-98000/');
    expect(items.every((i) => i.feedLocale === 'en' && i.locale === null)).toBe(true);
    expect(items[0]!.categories).toEqual(['Markets']);
  });

  it('prefers content:encoded, sanitised, and keeps the description as summary', () => {
    const first = items[0]!;
    expect(first.summary).toMatch(/^Bitcoin climbed above \$98,000 on Monday/);
    expect(first.html).not.toMatch(/script|style|iframe|onclick|onmouseover|javascript:|class=|tracker/i);
    expect(first.html).toContain(
      '<a href="https://chainledger.example/markets/" rel="nofollow noopener noreferrer">See live prices</a>',
    );
    expect(first.text).toContain('Ether (ETH) followed with a 4% gain');
    expect(first.text).toContain('• Open interest: $61B');
    expect(first.text).not.toContain('document.write');
  });

  it('decodes entity-escaped HTML descriptions and drops their handlers', () => {
    const second = items[1]!;
    expect(second.html).toBe(
      '<p>Issuers of dollar stablecoins such as Tether (<strong>USDT</strong>) would have to hold reserves in cash and short-dated Treasuries under the draft. The comment period runs for 60 days.</p>',
    );
  });

  it('normalises odd dates and leaves unreadable or missing ones null', () => {
    expect(items.map((i) => i.publishedAt?.toISOString() ?? null)).toEqual([
      '2026-11-16T08:30:00.000Z',
      '2026-11-15T22:45:00.000Z',
      '2026-11-14T01:00:00.000Z',
      null,
      '2026-11-16T08:30:00.000Z',
      null,
    ]);
  });

  it('resolves relative links in the body against the item link', () => {
    expect(items[3]!.html).toContain('href="https://chainledger.example/coins/solana"');
  });
});

describe('parseFeedItems: Atom', () => {
  const { items } = parseFeedItems(fixture('lives.atom.xml'), 'lives.atom.xml');

  it('reads titles (HTML titles as text), links, ids and summaries', () => {
    expect(items.map((i) => i.key)).toEqual([
      'https://flash.example.cn/lives/880121',
      'https://flash.example.cn/lives/880117',
      'tag:flash.example.cn,2026:lives/880102',
      'https://flash.example.cn/lives/880121',
    ]);
    expect(items[1]!.title).toBe('某交易所将上线 SUI 永续合约');
    expect(items[1]!.text).toContain('SUI/USDT 永续合约');
    expect(items[0]!.text).not.toContain('alert');
    expect(items[0]!.feedLocale).toBe('zh');
  });

  it('takes published before updated', () => {
    expect(items[0]!.publishedAt?.toISOString()).toBe('2026-11-16T01:30:00.000Z');
    expect(items[1]!.publishedAt?.toISOString()).toBe('2026-11-16T08:05:00.000Z');
  });
});

describe('parseFeedItems: other formats and bad input', () => {
  it('reads JSON Feed and keys a bare guid on the feed link', () => {
    const json = JSON.stringify({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'J',
      home_page_url: 'https://j.example/',
      items: [
        { id: '42', content_text: 'Plain <text> with ETH', date_published: '2026-11-10T10:00:00Z', title: 'Hello' },
        { id: 'x', url: 'https://j.example/p/1', content_html: '<p>Hi</p>', title: 'Two' },
      ],
    });
    const { items } = parseFeedItems(json, 'j.json');
    expect(items[0]!.key).toBe('https://j.example/#42');
    expect(items[0]!.html).toBe('<p>Plain &lt;text&gt; with ETH</p>');
    expect(items[1]!.key).toBe('https://j.example/p/1');
  });

  it('reports entries without key or text instead of throwing', () => {
    const xml =
      '<rss version="2.0"><channel><title>t</title><link>https://a.example/</link><description>d</description><item><title>No link</title></item><item><link>https://a.example/1</link></item></channel></rss>';
    const { items, skipped } = parseFeedItems(xml, 'x.xml');
    expect(items).toEqual([]);
    expect(skipped.map((s) => s.reason)).toEqual(['no link or id', 'no title or text']);
  });

  it('throws a FeedFormatError for documents that are not feeds', () => {
    expect(() => parseFeedItems('<html><body>hi</body></html>', 'page.html')).toThrow(FeedFormatError);
    expect(() => parseFeedItems('not xml at all', 'x')).toThrow(FeedFormatError);
  });
});
