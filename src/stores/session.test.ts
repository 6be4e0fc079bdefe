import { describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS, type AccountUser } from '../lib/account.ts';
import { createSession, type SessionEnv } from './session.ts';

const DAY = 86_400_000;
const user = (name = 'ann_1'): AccountUser => ({
  userName: name,
  nickname: null,
  avatar: null,
  email: `${name}@example.com`,
  phone: null,
  invitationCode: 'ABC123',
  emailVerified: true,
  updatedAt: '2020-01-01T00:00:00.000Z',
});

/**
 * A cookie jar and a localStorage stand-in with the browser's semantics, and a fake API.
 * `cookie` is the session's readable `csrf` cookie (the server sets it with the HttpOnly `jwt`);
 * `signIn` plays the server's answer to a sign-in, which sets a new one.
 */
function fakeEnv(init: { cookie?: string; storage?: Record<string, string>; now?: number } = {}) {
  const jar = new Map<string, string>();
  if (init.cookie) jar.set(SESSION_KEYS.csrfCookie, init.cookie);
  const store = new Map(Object.entries(init.storage ?? {}));
  const events: string[] = [];
  let now = init.now ?? 1_700_000_000_000;
  const env: SessionEnv = {
    cookies: {
      get: (name) => jar.get(name),
      remove: (name) => void jar.delete(name),
    },
    storage: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, String(v)),
      removeItem: (k) => void store.delete(k),
    },
    fetchUser: vi.fn(async () => user('fresh')),
    revoke: vi.fn(async () => {}),
    now: () => now,
    announce: (e) => void events.push(e),
  };
  const signIn = (csrf: string) => void jar.set(SESSION_KEYS.csrfCookie, csrf);
  return { env, jar, store, events, signIn, tick: (ms: number) => (now += ms) };
}

describe('session start', () => {
  it('is signed out without the session cookie and drops a leftover profile', async () => {
    const f = fakeEnv({ storage: { [SESSION_KEYS.userInfo]: JSON.stringify({ user: user(), fetchedAt: 1 }) } });
    const s = createSession(f.env);
    await s.start();
    expect(s.$session.get()).toMatchObject({ csrf: null, user: null, isLogin: false });
    expect(f.store.has(SESSION_KEYS.userInfo)).toBe(false);
    expect(f.env.fetchUser).not.toHaveBeenCalled();
  });

  it('reads the https cookie, __Host-csrf, first, and logout removes both names', async () => {
    const f = fakeEnv({ cookie: 'plain' });
    f.jar.set(`__Host-${SESSION_KEYS.csrfCookie}`, 'hosted');
    const s = createSession(f.env);
    await s.start();
    expect(s.$session.get()).toMatchObject({ csrf: 'hosted', isLogin: true });
    await s.logout();
    expect(f.env.revoke).toHaveBeenCalledWith('hosted');
    expect([...f.jar.keys()]).toEqual([]);
  });

  it('is signed in with the session cookie and keeps a profile younger than a day', async () => {
    const f = fakeEnv({ cookie: 'tok', now: 10 * DAY });
    f.store.set(SESSION_KEYS.userInfo, JSON.stringify({ user: user('kept'), fetchedAt: 10 * DAY - DAY + 1000 }));
    const s = createSession(f.env);
    await s.start();
    expect(s.$session.get()).toMatchObject({ csrf: 'tok', isLogin: true, user: { userName: 'kept' } });
    expect(f.env.fetchUser).not.toHaveBeenCalled();
  });

  it.each([
    ['missing', undefined],
    ['older than a day', JSON.stringify({ user: user('old'), fetchedAt: 10 * DAY - DAY - 1 })],
    ['unreadable', '{not json'],
    ['malformed', JSON.stringify({ user: { nickname: 'x' }, fetchedAt: 10 * DAY })],
  ])('fetches the profile again when it is %s', async (_, stored) => {
    const f = fakeEnv({ cookie: 'tok', now: 10 * DAY, storage: stored ? { [SESSION_KEYS.userInfo]: stored } : {} });
    const s = createSession(f.env);
    await s.start();
    expect(f.env.fetchUser).toHaveBeenCalled();
    expect(s.$session.get().user?.userName).toBe('fresh');
    expect(JSON.parse(f.store.get(SESSION_KEYS.userInfo)!)).toEqual({ user: user('fresh'), fetchedAt: 10 * DAY });
  });

  it('keeps the stored profile when the refetch fails on the network', async () => {
    const f = fakeEnv({
      cookie: 'tok',
      now: 10 * DAY,
      storage: { [SESSION_KEYS.userInfo]: JSON.stringify({ user: user('old'), fetchedAt: 0 }) },
    });
    f.env.fetchUser = vi.fn(async () => Promise.reject(new Error('offline')));
    const s = createSession(f.env);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await s.start();
    expect(s.$session.get()).toMatchObject({ isLogin: true, user: { userName: 'old' } });
  });

  it('starts once', async () => {
    const f = fakeEnv({ cookie: 'tok' });
    const s = createSession(f.env);
    await Promise.all([s.start(), s.start()]);
    expect(f.env.fetchUser).toHaveBeenCalledTimes(1);
  });
});

describe('login and logout', () => {
  it('login takes the session the sign-in answer set in the cookies, stores the user, closes the dialog and tells the page', () => {
    const f = fakeEnv();
    const s = createSession(f.env);
    s.openLogin();
    expect(s.$session.get().loginVisible).toBe(true);
    f.signIn('tok');
    s.login(user());
    expect(JSON.parse(f.store.get(SESSION_KEYS.userInfo)!).user.userName).toBe('ann_1');
    expect(s.$session.get()).toEqual({ csrf: 'tok', user: user(), isLogin: true, loginVisible: false });
    expect(f.events).toEqual(['session', 'login', 'session']);
  });

  it('stays signed out when the sign-in answer left no cookie (cookies blocked)', () => {
    const f = fakeEnv();
    const s = createSession(f.env);
    s.login(user());
    expect(s.$session.get()).toMatchObject({ csrf: null, user: null, isLogin: false });
    expect(f.store.has(SESSION_KEYS.userInfo)).toBe(false);
  });

  it('asks for the dialog once while it is open (no echo between the page script and the store)', () => {
    const f = fakeEnv();
    const s = createSession(f.env);
    s.openLogin();
    s.openLogin();
    expect(f.events).toEqual(['session', 'login']);
    s.closeLogin();
    s.openLogin();
    expect(f.events).toEqual(['session', 'login', 'session', 'session', 'login']);
  });

  it('logout clears the session cookie, profile, sync flag and the account lists, keeps local favourites, then revokes', async () => {
    const f = fakeEnv();
    const s = createSession(f.env);
    f.signIn('tok');
    s.login(user());
    for (const key of [
      SESSION_KEYS.favouritesSynced,
      SESSION_KEYS.serverFavourites,
      SESSION_KEYS.columnistFavourites,
      SESSION_KEYS.localFavourites,
    ]) {
      f.store.set(key, '1');
    }
    await s.logout();
    expect(f.jar.has(SESSION_KEYS.csrfCookie)).toBe(false);
    expect([...f.store.keys()]).toEqual([SESSION_KEYS.localFavourites]);
    expect(s.$session.get()).toMatchObject({ csrf: null, user: null, isLogin: false });
    expect(f.env.revoke).toHaveBeenCalledWith('tok');
  });

  it('logout ends the cookie’s session when the store was never started on the page', async () => {
    const f = fakeEnv({ cookie: 'tok' });
    await createSession(f.env).logout();
    expect(f.env.revoke).toHaveBeenCalledWith('tok');
    expect(f.jar.has(SESSION_KEYS.csrfCookie)).toBe(false);
  });

  it('logout still signs out locally when the server cannot be reached', async () => {
    const f = fakeEnv();
    f.env.revoke = vi.fn(async () => Promise.reject(new Error('offline')));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const s = createSession(f.env);
    f.signIn('tok');
    s.login(user());
    await s.logout();
    expect(s.$session.get().isLogin).toBe(false);
    expect(f.jar.has(SESSION_KEYS.csrfCookie)).toBe(false);
  });

  it('tells the push device at sign-in and at logout (SPEC §4: login_out)', async () => {
    const f = fakeEnv();
    const calls: string[] = [];
    f.env.device = { signedIn: () => void calls.push('in'), signedOut: () => void calls.push('out') };
    const s = createSession(f.env);
    f.signIn('tok');
    s.login(user());
    f.signIn('tok2');
    s.renewed();
    expect(calls).toEqual(['in']);
    await s.logout();
    expect(calls).toEqual(['in', 'out']);
    // A refused session is forgotten without a logout: the device stays as it is.
    f.signIn('tok3');
    s.login(user());
    s.clear();
    expect(calls).toEqual(['in', 'out', 'in']);
  });

  it('refreshProfile fetches the profile now when signed in, and does nothing otherwise', async () => {
    const f = fakeEnv();
    const s = createSession(f.env);
    await s.refreshProfile();
    expect(f.env.fetchUser).not.toHaveBeenCalled();
    f.signIn('tok');
    s.login(user('before'));
    await s.refreshProfile();
    expect(f.env.fetchUser).toHaveBeenCalled();
    expect(s.$session.get().user?.userName).toBe('fresh');
  });

  it('renewed keeps the user and takes the new session of the cookie', () => {
    const f = fakeEnv();
    const s = createSession(f.env);
    f.signIn('old');
    s.login(user());
    f.signIn('new');
    s.renewed();
    expect(s.$session.get()).toMatchObject({ csrf: 'new', isLogin: true, user: { userName: 'ann_1' } });
  });

  it('a profile fetched for a session that ended meanwhile is dropped', async () => {
    const f = fakeEnv({ cookie: 'tok' });
    let resolve!: (u: AccountUser) => void;
    f.env.fetchUser = vi.fn(() => new Promise<AccountUser>((r) => (resolve = r)));
    const s = createSession(f.env);
    const started = s.start();
    s.clear();
    resolve(user('late'));
    await started;
    expect(s.$session.get()).toMatchObject({ isLogin: false, user: null });
    expect(f.store.has(SESSION_KEYS.userInfo)).toBe(false);
  });
});
