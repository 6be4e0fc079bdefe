import { ofetch } from 'ofetch';
import { readCookie, SESSION_KEYS } from '../lib/sessionKeys.ts';
import { apiLanguage, toLocale } from '../lib/i18n/index.ts';
import { signature } from '../lib/signature.ts';

/** The API envelope of every /api response. */
export interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** The HTTP status (0 when the request never got an answer). */
    readonly status = 0,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Page-level facts the layout writes on <html>: locale and signing salt. */
function pageFacts() {
  const el = document.documentElement;
  return { locale: toLocale(el.dataset.locale) ?? 'zh', salt: el.dataset.signSalt ?? 'coinlens' };
}

/**
 * How requests learn the session: the token to send (by default the `jwt` cookie, so calls
 * made before the session store starts are signed in too) and what to do when the server
 * answers 401 to a request that carried one (the session store clears itself and opens the
 * login dialog). The session store sets both when it starts.
 */
const auth: { token: () => string | null | undefined; unauthorized: () => void } = {
  token: () => (typeof document === 'undefined' ? undefined : readCookie(document.cookie, SESSION_KEYS.jwtCookie)),
  unauthorized: () => {},
};

export function configureAuth(next: Partial<typeof auth>): void {
  Object.assign(auth, next);
}

type Query = Record<string, string | number | undefined>;

async function request<T>(method: 'GET' | 'POST', path: string, query: Query, body?: unknown, explicitToken?: string): Promise<Envelope<T>> {
  const { locale, salt } = pageFacts();
  const t = await signature(Date.now(), salt);
  const token = explicitToken ?? auth.token();
  let status = 0;
  const res = await ofetch<Envelope<T>>(`/api${path}`, {
    method,
    query: { ...query, t, lan: apiLanguage(locale) },
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { body: body as Record<string, unknown> | FormData }),
    ignoreResponseError: true,
    // A POST changes something: never send it twice.
    retry: method === 'GET' ? 1 : 0,
    timeout: body instanceof FormData ? 60_000 : 10_000,
    onResponse: ({ response }) => {
      status = response.status;
    },
  });
  const code = res && typeof res === 'object' ? res.code : -1;
  if (code === 0) return res;
  // The session's own token refused: signed out elsewhere, expired or revoked.
  if ((status === 401 || code === 401) && token && !explicitToken) auth.unauthorized();
  throw new ApiError(code ?? -1, (res && typeof res === 'object' && res.msg) || `request failed (${status || 'network'})`, status);
}

/**
 * GET an /api path with the `t` signature and `lan` of SPEC §7 (and the session's
 * Authorization header when signed in); resolves to `data` on code 0 and rejects with
 * ApiError, whose message is the server's `msg` in the page's language, otherwise.
 * @example const coins = await apiGet<QuickSearchItem[]>('/v1/quick_search/coin')
 */
export async function apiGet<T>(path: string, query: Query = {}): Promise<T> {
  return (await request<T>('GET', path, query)).data;
}

/**
 * POST a JSON body to an /api path; same signing, header and envelope handling as apiGet.
 * @example const { token, user } = await apiPost('/new/v1/login', { account, password })
 */
export async function apiPost<T>(path: string, body: Record<string, unknown>, query: Query = {}): Promise<T> {
  return (await request<T>('POST', path, query, body)).data;
}

/**
 * POST a multipart form (a file upload) to an /api path.
 * @example const user = await apiUpload<AccountUser>('/new/v1/upload', form)
 */
export async function apiUpload<T>(path: string, form: FormData, query: Query = {}): Promise<T> {
  return (await request<T>('POST', path, query, form)).data;
}

/**
 * The whole envelope of a successful call, for answers whose `msg` is meant for the reader
 * ("Successful registration, please go to email to activate"); failures reject like apiGet.
 * @example const { msg } = await apiCall('POST', '/new/v1/applyToResetPwd', { body: { email } })
 */
export function apiCall<T>(method: 'GET' | 'POST', path: string, options: { query?: Query; body?: Record<string, unknown>; token?: string } = {}): Promise<Envelope<T>> {
  // `token`: send this one instead of the session's (logout revokes the token it just forgot).
  return request<T>(method, path, options.query ?? {}, options.body, options.token);
}
