import { describe, expect, it } from 'vitest';
import { attr, escapeHtml, html, raw } from './html.ts';

describe('html', () => {
  it('escapes every interpolation for text and quoted attributes', () => {
    const evil = `"><script>alert('x')</script>&`;
    expect(html`<a title="${evil}">${evil}</a>`.toString()).toBe(
      '<a title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;">&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;</a>',
    );
    expect(escapeHtml('plain text')).toBe('plain text');
    // Strings one after another: the check that finds nothing to escape keeps no state between them.
    expect([escapeHtml('a&b'), escapeHtml('c&d'), escapeHtml('e')]).toEqual(['a&amp;b', 'c&amp;d', 'e']);
  });

  it('prints numbers as they are', () => {
    expect(html`${-1.5e-7}|${0}|${12345.678}|${Number.NaN}`.toString()).toBe('-1.5e-7|0|12345.678|NaN');
  });

  it('nests templates and raw markup without escaping them again, joins arrays, skips empty values', () => {
    const items = ['a<', 'b'].map((s) => html`<li>${s}</li>`);
    expect(html`<ul>${items}</ul>${null}${undefined}${false}${0}`.toString()).toBe(
      '<ul><li>a&lt;</li><li>b</li></ul>0',
    );
    expect(html`<p>${raw('<b>ok</b>')}</p>`.toString()).toBe('<p><b>ok</b></p>');
  });

  it('writes attributes only when they have a value', () => {
    expect(
      html`<a${attr('aria-current', 'page')}${attr('hidden', true)}${attr('title', null)}${attr('x', false)}>`.toString(),
    ).toBe('<a aria-current="page" hidden>');
    expect(attr('data-v', 'a"b').toString()).toBe(' data-v="a&quot;b"');
  });
});
