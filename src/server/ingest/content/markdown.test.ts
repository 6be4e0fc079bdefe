import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FrontMatterError, parseFrontMatter, parseMarkdownItem, renderMarkdown } from './markdown.ts';

const fixture = (name: string) => fs.readFileSync(path.resolve('tests/fixtures/feeds/markdown', name), 'utf8');

describe('parseFrontMatter', () => {
  it('reads scalars, quoted strings, booleans, inline and block lists, and comments', () => {
    const { data, body } = parseFrontMatter(
      '---\ntitle: "A: quoted # title"\nplain: hello world # comment\nimportant: true\ncount: 3\ncoins: [btc, "eth"]\ntags:\n  - one\n  - two\n# a comment line\n---\nBody\n',
    );
    expect(data).toEqual({
      title: 'A: quoted # title',
      plain: 'hello world',
      important: true,
      count: 3,
      coins: ['btc', 'eth'],
      tags: ['one', 'two'],
    });
    expect(body).toBe('Body\n');
  });

  it('treats a document without front matter as all body, and rejects broken front matter', () => {
    expect(parseFrontMatter('# Title\ntext')).toEqual({ data: {}, body: '# Title\ntext' });
    expect(() => parseFrontMatter('---\ntitle: x\nno end')).toThrow(/not closed/);
    expect(() => parseFrontMatter('---\njust text\n---\n')).toThrow(FrontMatterError);
  });
});

describe('renderMarkdown', () => {
  it('renders headings, paragraphs, lists, quotes, code and inline marks', () => {
    const html = renderMarkdown(
      '# H\n\nSome **bold**, *em* and `a<b`.\nSame para.\n\n- a\n- b\n\n1. one\n2. two\n\n> quoted\n\n```\nx < 1\n```\n\n[link](https://a.example/x_(y)) end',
    );
    expect(html).toBe(
      [
        '<h2>H</h2>',
        '<p>Some <strong>bold</strong>, <em>em</em> and <code>a&lt;b</code>. Same para.</p>',
        '<ul><li>a</li><li>b</li></ul>',
        '<ol><li>one</li><li>two</li></ol>',
        '<blockquote><p>quoted</p></blockquote>',
        '<pre><code>x &lt; 1</code></pre>',
        '<p><a href="https://a.example/x_(y)">link</a> end</p>',
      ].join('\n'),
    );
  });
});

describe('parseMarkdownItem', () => {
  it('reads an announcement with its exchange, link, coins and sanitised body', () => {
    const item = parseMarkdownItem(
      fixture('2026-11-16-binance-lists-zksync.md'),
      'markdown/2026-11-16-binance-lists-zksync.md',
    );
    expect(item).toMatchObject({
      key: 'https://www.binance.com/en/support/announcement/binance-will-list-zksync-zk-2026',
      title: 'Binance Will List zkSync (ZK) with Seed Tag Applied',
      kind: 'announcements',
      exchange: 'binance',
      locale: 'en',
      coins: ['ETH'],
    });
    expect(item.publishedAt?.toISOString()).toBe('2026-11-16T10:00:00.000Z');
    expect(item.html).not.toMatch(/script|onclick|evil/);
    expect(item.html).toContain(
      '<a href="https://www.binance.com/en/support/faq/seed-tag" rel="nofollow noopener noreferrer">Seed Tag FAQ</a>',
    );
    expect(item.text).toContain('• Deposits: open now');
  });

  it('drops a leading heading that repeats the title, and unsafe links', () => {
    const item = parseMarkdownItem(fixture('halving-explainer.md'), 'halving-explainer.md');
    expect(item.key).toBe('urn:coinlens:markdown:halving-explainer');
    expect(item.kind).toBe('research');
    expect(item.summary).toBe('A look at miner revenue before and after the 2028 halving.');
    expect(item.html.startsWith('<p>The block subsidy')).toBe(true);
    expect(item.html).not.toContain('javascript');
    expect(item.text).toContain('bad link');
  });

  it('reads Chinese file names, dates and flags', () => {
    const item = parseMarkdownItem(fixture('以太坊升级快讯.md'), '以太坊升级快讯.md');
    expect(item.key).toBe('urn:coinlens:markdown:以太坊升级快讯');
    expect(item).toMatchObject({ kind: 'lives', important: true, locale: null });
    expect(item.publishedAt?.toISOString()).toBe('2026-11-14T12:30:00.000Z');
  });

  it('accepts "announcement" and display-name exchanges, and takes the title from a heading', () => {
    expect(parseMarkdownItem(fixture('2026-11-15-okx-maintenance.md'), 'okx.md')).toMatchObject({
      kind: 'announcements',
      exchange: 'okx',
    });
    expect(parseMarkdownItem('# Only a heading\n\nText.', 'x.md')).toMatchObject({
      title: 'Only a heading',
      text: 'Text.',
    });
  });

  it('rejects bad dates, kinds, locales, links and missing titles with a clear message', () => {
    expect(() => parseMarkdownItem(fixture('bad-date.md'), 'bad-date.md')).toThrow(
      /date "the day after tomorrow" is not a date/,
    );
    expect(() => parseMarkdownItem('---\ntitle: x\nkind: blog\n---\n', 'x.md')).toThrow(/kind "blog"/);
    expect(() => parseMarkdownItem('---\ntitle: x\nlocale: fr\n---\n', 'x.md')).toThrow(/locale "fr"/);
    expect(() => parseMarkdownItem('---\ntitle: x\nlink: javascript:alert(1)\n---\n', 'x.md')).toThrow(
      /not an absolute http/,
    );
    expect(() => parseMarkdownItem('no title here', 'x.md')).toThrow(/no title/);
  });
});
