import { describe, expect, it } from 'vitest';
import { articleBlocks, contentLocale, parseId } from './news.server.ts';

describe('contentLocale', () => {
  it('shows Chinese content on zh and zh-hk pages, English on en and ko pages', () => {
    expect(contentLocale('zh')).toBe('zh');
    expect(contentLocale('zh-hk')).toBe('zh');
    expect(contentLocale('en')).toBe('en');
    expect(contentLocale('ko')).toBe('en');
  });
});

describe('articleBlocks', () => {
  it('splits paragraphs on blank lines and reads "## " lines as subheadings', () => {
    expect(articleBlocks('## Key findings\n\nFirst line\nsecond line.\n\n\nNext paragraph.')).toEqual([
      { type: 'h', text: 'Key findings' },
      { type: 'p', text: 'First line second line.' },
      { type: 'p', text: 'Next paragraph.' },
    ]);
  });

  it('separates a heading written directly above its paragraph', () => {
    expect(articleBlocks('## Outlook\nCalm.\r\n\r\nEnd.')).toEqual([
      { type: 'h', text: 'Outlook' },
      { type: 'p', text: 'Calm.' },
      { type: 'p', text: 'End.' },
    ]);
  });

  it('keeps "#" that does not start a heading, and text that looks like markup stays text', () => {
    expect(articleBlocks('#1 coin by cap; 3 < 5 and 5 > 3')).toEqual([
      { type: 'p', text: '#1 coin by cap; 3 < 5 and 5 > 3' },
    ]);
  });

  it('reduces HTML to its text: paragraphs, headings and entities kept, scripts and tags dropped', () => {
    const html =
      '<h2>Title &amp; more</h2><p>One <b>bold</b> word.<br>Line two</p><script>alert(1)</script><p onclick="x()">Tom&#39;s &lt;tag&gt;</p>';
    expect(articleBlocks(html)).toEqual([
      { type: 'h', text: 'Title & more' },
      { type: 'p', text: 'One bold word.' },
      { type: 'p', text: 'Line two' },
      { type: 'p', text: "Tom's <tag>" },
    ]);
  });

  it('gives no blocks for an empty or blank body', () => {
    expect(articleBlocks('')).toEqual([]);
    expect(articleBlocks(' \n\n ## \n')).toEqual([]);
  });
});

describe('parseId', () => {
  it('accepts positive whole numbers within the id range', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('2147483647')).toBe(2147483647);
  });

  it.each(['', '0', '-1', '01', '1.5', 'abc', '1e3', '2147483648', '99999999999'])('rejects %j', (raw) => {
    expect(parseId(raw)).toBeUndefined();
  });

  it('rejects a missing segment', () => {
    expect(parseId(undefined)).toBeUndefined();
  });
});
