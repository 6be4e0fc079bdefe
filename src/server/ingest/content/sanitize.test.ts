import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlToText, safeHref, sanitizeHtml, summarize } from './sanitize.ts';

describe('sanitizeHtml', () => {
  it('keeps the safe subset and drops attributes', () => {
    expect(sanitizeHtml('<p class="x" style="color:red" onclick="steal()">Hi <b>there</b> <i>you</i></p>')).toBe(
      '<p>Hi <strong>there</strong> <em>you</em></p>',
    );
    expect(
      sanitizeHtml('<ul><li>a</li><li>b</li></ul><blockquote><p>q</p></blockquote><pre><code>x  = 1</code></pre>'),
    ).toBe('<ul><li>a</li><li>b</li></ul><blockquote><p>q</p></blockquote><pre><code>x  = 1</code></pre>');
  });

  it('drops scripts, styles, iframes and forms with their content', () => {
    const out = sanitizeHtml(
      '<p>ok</p><script>alert(1)</script><style>p{}</style><iframe src="x">inner</iframe><form><input value="x"></form><svg><script>x</script></svg>',
    );
    expect(out).toBe('<p>ok</p>');
  });

  it('keeps only absolute http(s) links, resolving relative ones', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('x');
    expect(sanitizeHtml('<a href="  jav&#x09;ascript:alert(1)">x</a>')).toBe('x');
    expect(sanitizeHtml('<a href="data:text/html,hi">x</a>')).toBe('x');
    expect(
      sanitizeHtml('<a href="/coins/btc" onmouseover="x()">BTC</a>', { baseUrl: 'https://news.example/a/b' }),
    ).toBe('<a href="https://news.example/coins/btc" rel="nofollow noopener noreferrer">BTC</a>');
    expect(sanitizeHtml('<a href="/coins/btc">BTC</a>')).toBe('BTC');
  });

  it('drops images and event handlers, and escapes text', () => {
    expect(sanitizeHtml('<img src="x" onerror="alert(1)">a &lt;b&gt; &amp; c')).toBe('a &lt;b&gt; &amp; c');
    expect(sanitizeHtml('price < 100 & rising')).toBe('price &lt; 100 &amp; rising');
  });

  it('closes unclosed tags, ignores stray closers and maps headings', () => {
    expect(sanitizeHtml('<p><strong>bold')).toBe('<p><strong>bold</strong></p>');
    expect(sanitizeHtml('</em>text</p>')).toBe('text');
    expect(sanitizeHtml('<h1>T</h1><h6>S</h6>')).toBe('<h2>T</h2><h4>S</h4>');
    expect(sanitizeHtml('<p>one<p>two')).toBe('<p>one</p><p>two</p>');
  });

  it('drops comments and survives malformed input', () => {
    expect(sanitizeHtml('a<!-- <script>x</script> -->b')).toBe('ab');
    expect(sanitizeHtml('<p <b>x')).toBe('<p>x</p>');
    expect(sanitizeHtml('<<script>alert(1)//<</script>')).toBe('&lt;');
  });
});

describe('htmlToText', () => {
  it('separates paragraphs with a blank line and marks list items', () => {
    expect(htmlToText('<p>One &amp; two</p><ul><li>Three</li><li>Four</li></ul><p>Five<br>six</p>')).toBe(
      'One & two\n\n• Three\n• Four\n\nFive\nsix',
    );
  });
  it('drops script content', () => {
    expect(htmlToText('a<script>var x = "<p>";</script> b')).toBe('a b');
  });
});

describe('decodeEntities', () => {
  it('decodes named and numeric references, leaves unknown ones', () => {
    expect(decodeEntities('&lt;&#60;&#x3C;&hellip;&copy;&nbsp;&unknown; &amp')).toBe('<<<…©\u00a0&unknown; &');
    expect(decodeEntities('&#0;&#xD800;')).toBe('\ufffd\ufffd');
  });
});

describe('safeHref', () => {
  it('accepts http(s) only', () => {
    expect(safeHref('https://a.example/x')).toBe('https://a.example/x');
    expect(safeHref('mailto:a@b.c')).toBeNull();
    expect(safeHref('VBScript:msgbox')).toBeNull();
    expect(safeHref('x', 'https://a.example/dir/')).toBe('https://a.example/dir/x');
  });
});

describe('summarize', () => {
  it('keeps short text, cuts long text at a sentence or word', () => {
    expect(summarize('Short.')).toBe('Short.');
    expect(summarize('Bitcoin rose today. Ether fell a little more than expected.', 30)).toBe('Bitcoin rose today.');
    expect(summarize('one two three four five six seven eight nine ten', 20)).toBe('one two three four…');
  });
  it('cuts CJK text by characters', () => {
    const s = summarize('比特币突破九万八千美元创三周新高现货交易所交易基金连续三日净流入', 10);
    expect(Array.from(s)).toHaveLength(11);
    expect(s.endsWith('…')).toBe(true);
  });
});
