/**
 * The session (SPEC §4 "Session"): signed in when the session cookies exist at start. The
 * server sets them at sign-in: the token in the HttpOnly `jwt` cookie, which no script reads,
 * and the readable `csrf` cookie this store goes by (lib/sessionKeys.ts). The profile is kept
 * in localStorage and fetched again when missing or more than a day old; login stores the user;
 * logout ends the session on the server (which removes the cookies) and clears user info, the
 * `csrf` cookie, sync flags and the account's favourite and columnist lists (SESSION_KEYS).
 *
 * `createSession(env)` holds the logic over injected cookie, storage and API adapters (unit
 * tests use fakes); `$session` and the functions below are the browser's one instance, built
 * on first use: nothing touches `document` or `localStorage` at import time.
 *
 * Other scripts follow the session through two window events: `coinlens:session` after every
 * change (the header redraws its account area) and `coinlens:login` when the login dialog is
 * asked for (the page script mounts the dialog island if it is not there yet).
 */
import { atom, type WritableAtom } from 'nanostores';
import {
  CLEARED_AT_LOGOUT,
  parseUserInfo,
  profileIsStale,
  SESSION_KEYS,
  type AccountUser,
  type StoredUserInfo,
} from '../lib/account.ts';
import { HOST_PREFIX } from '../lib/sessionKeys.ts';
import { MSG_TOKEN_COOKIE } from '../lib/pushDevice.ts';
import { apiCall, apiGet, configureAuth } from './api.ts';
import { RISE_FALL_COOKIE, riseFallColours, type RiseFallScheme } from '../lib/riseFall.ts';
import { getCookie, removeCookie, sessionCsrf } from '../lib/cookies.ts';

interface SessionState {
  /** The session's CSRF token (the `csrf` cookie), null for a visitor; every new session has its own. */
  csrf: string | null;
  user: AccountUser | null;
  isLogin: boolean;
  /** The login dialog is open. */
  loginVisible: boolean;
}

export interface SessionEnv {
  /** The cookies scripts can read and remove (not the HttpOnly `jwt`: only the server does). */
  cookies: { get(name: string): string | undefined; remove(name: string): void };
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** GET getUser with the session. */
  fetchUser(): Promise<AccountUser>;
  /** POST logout with this CSRF token (the server ends the session and removes its cookies). */
  revoke(csrf: string): Promise<void>;
  now(): number;
  /** Tells other scripts on the page (window events in the browser). */
  announce(event: 'session' | 'login'): void;
  /**
   * This browser as a push device (SPEC §4: logout sends login_out): told at sign-in (to link
   * it to the account) and at logout (to unlink it). Fire and forget.
   */
  device?: { signedIn(): void; signedOut(): void };
}

interface Session {
  $session: WritableAtom<SessionState>;
  /** Reads cookie and storage; refetches the profile when needed. Safe to call more than once. */
  start(): Promise<void>;
  /** After a sign-in answer, whose cookies now hold the session: the user it is for. */
  login(user: AccountUser): void;
  /** After an answer that began a new session for the same user (password confirmed, new e-mail): its new cookies. */
  renewed(): void;
  setUser(user: AccountUser): void;
  /** Fetches the profile now (pages where it must be current: the user centre). */
  refreshProfile(): Promise<void>;
  logout(): Promise<void>;
  /** Forgets the session locally (the server already refused the token). */
  clear(): void;
  openLogin(): void;
  closeLogin(): void;
}

const SIGNED_OUT: SessionState = { csrf: null, user: null, isLogin: false, loginVisible: false };

export function createSession(
  env: SessionEnv,
  $session: WritableAtom<SessionState> = atom<SessionState>({ ...SIGNED_OUT }),
): Session {
  let started: Promise<void> | null = null;

  const saveUser = (user: AccountUser) => {
    const info: StoredUserInfo = { user, fetchedAt: env.now() };
    try {
      env.storage.setItem(SESSION_KEYS.userInfo, JSON.stringify(info));
    } catch {
      /* storage full or disabled: the session still works for this page */
    }
  };

  const update = (next: Partial<SessionState>) => {
    $session.set({ ...$session.get(), ...next });
    env.announce('session');
  };

  // The https name (`__Host-csrf`) first, as the API client reads it (lib/sessionKeys.ts).
  const csrfCookie = () =>
    env.cookies.get(HOST_PREFIX + SESSION_KEYS.csrfCookie) || env.cookies.get(SESSION_KEYS.csrfCookie) || null;

  function clear(): void {
    env.cookies.remove(SESSION_KEYS.csrfCookie);
    env.cookies.remove(HOST_PREFIX + SESSION_KEYS.csrfCookie);
    for (const key of CLEARED_AT_LOGOUT) {
      try {
        env.storage.removeItem(key);
      } catch {
        /* nothing stored */
      }
    }
    update({ csrf: null, user: null, isLogin: false });
  }

  async function refresh(csrf: string): Promise<void> {
    try {
      const user = await env.fetchUser();
      if ($session.get().csrf !== csrf) return; // signed out or in again meanwhile
      saveUser(user);
      update({ user });
    } catch (e) {
      // A refused token is handled by the API layer (unauthorized → clear); a network error
      // keeps the stored profile until the next page.
      console.error('[session]', e);
    }
  }

  return {
    $session,
    start() {
      started ??= (async () => {
        const csrf = csrfCookie();
        if (!csrf) {
          // No session: leftovers of an expired one are not a session.
          if (env.storage.getItem(SESSION_KEYS.userInfo) !== null) clear();
          return;
        }
        const info = parseUserInfo(env.storage.getItem(SESSION_KEYS.userInfo));
        $session.set({ ...$session.get(), csrf, user: info?.user ?? null, isLogin: true });
        if (profileIsStale(info, env.now())) await refresh(csrf);
      })();
      return started;
    },
    login(user) {
      const csrf = csrfCookie();
      // No cookie from the sign-in answer (cookies blocked): this browser cannot hold a session.
      if (!csrf) return clear();
      saveUser(user);
      update({ csrf, user, isLogin: true, loginVisible: false });
      env.device?.signedIn();
    },
    renewed() {
      const csrf = csrfCookie();
      if (csrf && csrf !== $session.get().csrf) update({ csrf, isLogin: true });
    },
    setUser(user) {
      saveUser(user);
      update({ user });
    },
    async refreshProfile() {
      const { csrf } = $session.get();
      if (csrf) await refresh(csrf);
    },
    async logout() {
      // Signed out here at once; the server is told with the CSRF token just forgotten (best
      // effort), ends the session and removes the HttpOnly cookie. (The header's menu may log out
      // on a page where the store never started: the cookie has it.)
      const csrf = csrfCookie() ?? $session.get().csrf;
      clear();
      env.device?.signedOut();
      if (csrf) {
        try {
          await env.revoke(csrf);
        } catch (e) {
          console.error('[session] logout', e);
        }
      }
    },
    clear,
    openLogin() {
      if ($session.get().loginVisible) return;
      update({ loginVisible: true });
      env.announce('login');
    },
    closeLogin() {
      if ($session.get().loginVisible) update({ loginVisible: false });
    },
  };
}

// ---- the browser's instance ----

/** The browser's session atom (start it with `startSession()`). */
export const $session: WritableAtom<SessionState> = atom<SessionState>({ ...SIGNED_OUT });

let browser: Session | null = null;

/**
 * The push device code (src/stores/pushDevice.ts) loads only where notifications may be on:
 * permission granted, or a device id left from earlier. Pages that never asked load nothing.
 */
const pushDevice = (run: (m: typeof import('./pushDevice.ts')) => Promise<void>, evenWithoutPermission: boolean) => {
  const granted = typeof Notification !== 'undefined' && Notification.permission === 'granted';
  if (!granted && !(evenWithoutPermission && getCookie(MSG_TOKEN_COOKIE) !== undefined)) return;
  void import('./pushDevice.ts').then(run).catch((e: unknown) => console.error('[push]', e));
};

function browserSession(): Session {
  if (browser) return browser;
  const session = createSession(
    {
      cookies: {
        get: getCookie,
        remove: removeCookie,
      },
      storage: localStorage,
      fetchUser: () => apiGet<AccountUser>('/new/v1/getUser'),
      revoke: async (csrf) => {
        await apiCall('POST', '/new/v1/logout', { body: {}, csrf });
      },
      now: () => Date.now(),
      announce: (event) => window.dispatchEvent(new CustomEvent(`coinlens:${event}`)),
      device: {
        signedIn: () => pushDevice((m) => m.deviceSignedIn(), false),
        signedOut: () => pushDevice((m) => m.deviceSignedOut(), true),
      },
    },
    $session,
  );
  configureAuth({
    unauthorized: (sent) => {
      // A new session began meanwhile (another tab confirmed the password): go on with it.
      const now = sessionCsrf();
      if (now && now !== sent) return session.renewed();
      session.clear();
      session.openLogin();
    },
  });
  browser = session;
  return session;
}

const bound =
  <A extends unknown[], R>(pick: (s: Session) => (...args: A) => R) =>
  (...args: A): R =>
    pick(browserSession())(...args);

/** Starts the browser session (idempotent): reads the cookie, refetches a stale profile. */
export const startSession = bound((s) => s.start);
/** After a sign-in answer (its Set-Cookie holds the session): the user it is for. */
export const login = (user: AccountUser): void => {
  browserSession().login(user);
  // The sign-in answer wrote the account's colours to the cookie, which the next page renders
  // from; this page takes them now (chart islands watch the style attribute).
  if (user.colours) showRiseFall(user.colours);
};

function showRiseFall(scheme: RiseFallScheme): void {
  const [rise, fall] = riseFallColours(scheme);
  const root = document.documentElement.style;
  root.setProperty('--color-rise', `var(--${rise})`);
  root.setProperty('--color-fall', `var(--${fall})`);
  const menu = document.querySelector<HTMLSelectElement>(`select[data-setting="${RISE_FALL_COOKIE}"]`);
  if (menu) menu.value = scheme;
}
export const renewed = bound((s) => s.renewed);
export const setUser = bound((s) => s.setUser);
export const refreshProfile = bound((s) => s.refreshProfile);
export const logout = bound((s) => s.logout);
export const openLogin = bound((s) => s.openLogin);
export const closeLogin = bound((s) => s.closeLogin);
