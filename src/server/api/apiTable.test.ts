import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiTable, TABLE_END, TABLE_START, withTable } from './apiTable.ts';
import { API_VERSION, createApi } from './app.ts';
import { openApiDocument, operations } from './openapi.ts';

const readme = fs.readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
const app = createApi();

describe("docs/api.md's API table", () => {
  it('is the one the routes write (run `npm run docs:api` after changing a route)', () => {
    const table = apiTable(openApiDocument(app, { version: API_VERSION }));
    expect(withTable(readme, table)).toBe(readme);
    expect(table.split('\n').filter((l) => l.startsWith('| ') && l.includes('`/api/'))).toHaveLength(
      operations(app).length,
    );
  });

  it('names no /api path, in the table or the prose around it, that no route answers', () => {
    const routes = operations(app).map((o) => new RegExp(`^${o.path.replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`));
    const named = [...readme.matchAll(/`(?:GET |POST )?(\/api\/[^`?\s]*)/g)]
      .map((m) => m[1]!.replace(/[{]([^}]+)[}]/g, 'x').replace(/\/$/, ''))
      .filter((p) => !p.includes('[...path]')); // the Astro route the app is mounted on
    expect(named.length).toBeGreaterThan(100);
    // Prefixes that introduce a group of paths ("under `/api/new/v1/favorite/`") are fine when some route starts with them.
    const unknown = named.filter(
      (p) => !routes.some((r) => r.test(p)) && !operations(app).some((o) => o.path.startsWith(`${p}/`)),
    );
    expect(unknown).toEqual([]);
  });

  it('refuses a README without its block', () => {
    expect(() => withTable('no block', '')).toThrow();
    expect(withTable(`a\n${TABLE_START}\nold\n${TABLE_END}\nb`, 'new')).toBe('a\nnew\nb');
  });
});
