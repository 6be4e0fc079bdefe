import { describe, expect, it } from 'vitest';
import { errorDocument } from './errorDocument.ts';

describe('the page error document', () => {
  it('is a 400 in the request language for input PostgreSQL refused, linking home under the prefix', async () => {
    const res = errorDocument(400, 'zh', '/zh');
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<html lang="zh-CN"');
    expect(html).toContain('无法识别这个地址');
    expect(html).toContain('<a href="/zh/">');
    expect(html).toContain('<meta name="robots" content="noindex"');
  });

  it('is a 500 for our own faults and says nothing about them', async () => {
    const res = errorDocument(500, 'ko', '');
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain('<html lang="ko"');
    expect(html).toContain('<a href="/">');
    expect(html).toContain('data-testid="server-error"');
  });
});
