/** The published contract: /api/openapi.json and its readable page /api/docs, no signature needed. */
import { describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/api/app.ts';
import { apiHarness } from './helpers.ts';

apiHarness();
const api = createApi();

describe('the published API contract', () => {
  it('serves OpenAPI 3.1 naming every route', async () => {
    const res = await api.request('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const document = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/v1/coins', '/api/v1/coins/{id}', '/api/new/v1/login', '/api/docs']),
    );
  });

  it('serves a reference page a person can read, with no script', async () => {
    const res = await api.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<h2 id="Market">Market</h2>');
    expect(html).toMatch(/<span class="m">GET<\/span> <code>\/api\/v1\/coins\/\{id\}<\/code>/);
    expect(html).toContain('sign-in required');
    expect(html).not.toContain('<script');
  });
});
