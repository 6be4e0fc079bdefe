/**
 * POST /api/new/v1/user/preferences (the rise/fall colours of an account), and how sign-in
 * reconciles them with the browser's `colours` cookie: the account's choice wins and is written
 * to the cookie; an account with none keeps the one the visitor made before signing in.
 */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema/index.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';
import { signedInUser } from '../../../../tests/api/users.ts';

const { call, db } = apiHarness();
const PATH = '/api/new/v1/user/preferences';
const anyIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const unique = () => randomInt(1e6, 1e7).toString(36);

const stored = async (id: number) =>
  (await db().select({ riseFall: users.riseFall }).from(users).where(eq(users.id, id)))[0]?.riseFall;

type UserData = { user?: { colours: string | null }; colours?: string | null };

describe('saving the rise/fall colours', () => {
  it('needs a signed-in user', async () => {
    const anon = await call('POST', PATH, { json: { colours: 'green-up' } });
    expect(anon.status).toBe(401);
    expect(anon.body.code).not.toBe(0);
    expect(typeof anon.body.msg).toBe('string');
    const forged = await call('POST', PATH, { json: { colours: 'green-up' }, token: 'not.a.token' });
    expect(forged.status).toBe(401);
  });

  it('refuses bad values with a 400 envelope and changes nothing', async () => {
    const { id, token } = await signedInUser(db());
    expect((await call('POST', PATH, { json: { colours: 'red-up' }, token })).status).toBe(200);
    const bad: unknown[] = [
      { colours: 'purple' },
      { colours: 'RED-UP ' },
      { colours: 1 },
      {},
      { colours: 'green-up', theme: 'dark' },
      [],
      'green-up',
      null,
    ];
    for (const json of bad) {
      const res = await call('POST', PATH, { json, token });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.code).not.toBe(0);
      expect(res.body.msg).toBeTruthy();
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    const broken = await call('POST', PATH, { raw: '{"colours":', token });
    expect(broken.status).toBe(400);
    expect(await stored(id)).toBe('red-up');
  });

  it('keeps a good value, answers it in the profile and writes it to the cookie', async () => {
    const { id, token } = await signedInUser(db());
    for (const colours of ['green-up', 'blue-orange', 'red-up'] as const) {
      const res = await call<UserData>('POST', PATH, { json: { colours }, token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 0, data: { colours } });
      expect(res.headers.get('set-cookie')).toMatch(
        new RegExp(`^colours=${colours}; Path=/; Max-Age=31536000; SameSite=Lax`),
      );
      expect(await stored(id)).toBe(colours);
      expect((await call<UserData>('GET', '/api/new/v1/getUser', { token })).body.data).toMatchObject({ colours });
    }
    // null goes back to the language's convention, and the cookie goes.
    const reset = await call<UserData>('POST', PATH, { json: { colours: null }, token });
    expect(reset.body).toMatchObject({ code: 0, data: { colours: null } });
    expect(reset.headers.get('set-cookie')).toMatch(/^colours=; Path=\/; Max-Age=0/);
    expect(await stored(id)).toBeNull();
  });
});

describe('sign-in and the colours cookie', () => {
  async function register(cookie?: string) {
    const id = unique();
    const input = { userName: `col_${id}`, email: `col.${id}@example.com`, password: 'correct horse' };
    const res = await call<{ token: string; user: { colours: string | null } }>('POST', '/api/new/v1/register', {
      json: input,
      ip: anyIp(),
      headers: cookie ? { cookie } : {},
    });
    expect(res.body.code).toBe(0);
    return { ...input, res };
  }
  const login = (account: string, password: string, cookie?: string) =>
    call<{ token: string; user: { colours: string | null } }>('POST', '/api/new/v1/login', {
      json: { account, password },
      ip: anyIp(),
      headers: cookie ? { cookie } : {},
    });

  it('keeps the choice a visitor made before signing up', async () => {
    const { res, userName } = await register('colours=blue-orange');
    expect(res.body.data.user.colours).toBe('blue-orange');
    const [row] = await db().select({ riseFall: users.riseFall }).from(users).where(eq(users.username, userName));
    expect(row?.riseFall).toBe('blue-orange');
  });

  it('lets the account’s choice win at sign-in and writes it to the cookie', async () => {
    const { userName, password } = await register('colours=green-up');
    const res = await login(userName, password, 'colours=red-up');
    expect(res.body.data.user.colours).toBe('green-up');
    expect(res.headers.getSetCookie().find((c) => c.startsWith('colours='))).toMatch(
      /^colours=green-up; Path=\/; Max-Age=31536000/,
    );
    const [row] = await db().select({ riseFall: users.riseFall }).from(users).where(eq(users.username, userName));
    expect(row?.riseFall).toBe('green-up');
  });

  it('leaves the language’s convention alone when nobody chose', async () => {
    const { res, userName, password } = await register();
    expect(res.body.data.user.colours).toBeNull();
    // The session's cookies only, no colours.
    const colours = (h: Headers) => h.getSetCookie().filter((c) => c.startsWith('colours='));
    expect(colours(res.headers)).toEqual([]);
    // A forged cookie is not a choice.
    const again = await login(userName, password, 'colours=purple');
    expect(again.body.data.user.colours).toBeNull();
    expect(colours(again.headers)).toEqual([]);
  });
});
