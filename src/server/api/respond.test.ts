import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { ApiEnv } from './env.ts';
import { done, ok } from './respond.ts';

const API = path.resolve(import.meta.dirname);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sources(full) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the success envelope', () => {
  it('is written in one place: no route builds `{ code: 0, … }` itself', () => {
    const own = path.join(API, 'respond.ts');
    const copies = sources(API)
      .filter((f) => f !== own)
      .filter((f) => /code:\s*0\s*,/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(API, f));
    expect(copies).toEqual([]);
  });

  it('ok may be cached; done never is, and speaks its own message in the request language', async () => {
    const app = new Hono<ApiEnv>()
      .use(async (c, next) => {
        c.set('t', ((key: string) => (key === 'account.saved' ? 'Saved' : key)) as never);
        await next();
      })
      .get('/ok', (c) => ok(c, { a: 1 }, 60))
      .get('/done', (c) => done(c, { b: 2 }, 'account.saved'))
      .get('/plain', (c) => done(c, null));
    const read = async (p: string) => {
      const res = await app.request(`${p}?lan=en`);
      return { body: await res.json(), cache: res.headers.get('cache-control') };
    };
    expect(await read('/ok')).toEqual({
      body: { code: 0, data: { a: 1 }, msg: 'success' },
      cache: 'public, max-age=60, stale-while-revalidate=300',
    });
    expect(await read('/done')).toEqual({ body: { code: 0, data: { b: 2 }, msg: 'Saved' }, cache: 'no-store' });
    expect((await read('/plain')).body).toEqual({ code: 0, data: null, msg: 'success' });
  });
});
