import { FetchError, ofetch } from 'ofetch';
import { sessionCsrf } from '../lib/cookies.ts';
import { CSRF_HEADER } from '../lib/sessionKeys.ts';
import { pageFacts, type Query, signedQuery } from './signing.ts';

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

/**
 * How requests carry the session. The browser sends the HttpOnly `jwt` cookie by itself; a
 * request counts as signed in only with the session's CSRF token in `X-CSRF-Token`, read from
 * the `csrf` cookie at each call (so calls made before the session store starts are signed in
 * too, and a new session begun in another tab is used at once). And what to do when the server
 * answers 401 to a request that carried it (the session store sets that when it starts).
 */
const auth: { csrf: () => string | null | undefined; unauthorized: (sent: string) => void } = {
  csrf: sessionCsrf,
  unauthorized: () => {},
};

export function configureAuth(next: Partial<typeof auth>): void {
  Object.assign(auth, next);
}

/** Answers a GET is tried once more after (ofetch's list): timeouts, conflicts, rate limits, gateway failures. */
const RETRY_STATUS = [408, 409, 425, 429, 500, 502, 503, 504];
const client = ofetch.create({ baseURL: '/api', retryStatusCodes: RETRY_STATUS, retryDelay: 0 });

async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  query: Query,
  body?: Record<string, unknown> | FormData,
  explicitCsrf?: string,
): Promise<Envelope<T>> {
  const { locale } = pageFacts();
  const csrf = explicitCsrf ?? auth.csrf();
  // X-Locale names the page's own language, so the server answers a Traditional Chinese page
  // (whose `lan` is zh) in Traditional characters.
  const headers: Record<string, string> = { accept: 'application/json', 'x-locale': locale };
  if (csrf) headers[CSRF_HEADER] = csrf;
  let status = 0;
  let res: unknown;
  try {
    const response = await client.raw(`${path}?${await signedQuery(query)}`, {
      method,
      headers,
      body,
      // A POST changes something: never send it twice.
      retry: method === 'GET' ? 1 : 0,
      timeout: body instanceof FormData ? 60_000 : 10_000,
    });
    status = response.status;
    res = response._data;
  } catch (e) {
    // No answer at all (offline, timed out): the fetch error itself.
    if (!(e instanceof FetchError) || !e.response) throw (e instanceof FetchError && e.cause) || e;
    status = e.response.status;
    res = e.data;
  }
  const envelope = res && typeof res === 'object' ? (res as Envelope<T>) : null;
  const code = envelope ? envelope.code : -1;
  if (code === 0) return envelope!;
  // The session refused: signed out elsewhere, expired or revoked.
  if ((status === 401 || code === 401) && csrf && !explicitCsrf) auth.unauthorized(csrf);
  throw new ApiError(code ?? -1, envelope?.msg || `request failed (${status || 'network'})`, status);
}

/**
 * GET an /api path with the `t` signature and `lan` of SPEC §7 (and the session's cookie and
 * CSRF header when signed in); resolves to `data` on code 0 and rejects with
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
 * GET a file an /api path answers as an attachment (an export) with the same signing and
 * session headers, as a Blob; a refusal (a JSON envelope) rejects like apiGet.
 * @example const csv = await apiFile('/new/v1/portfolio/export', { id: 1, format: 'csv' })
 */
export async function apiFile(path: string, query: Query = {}): Promise<Blob> {
  const { locale } = pageFacts();
  const csrf = auth.csrf();
  const headers: Record<string, string> = { 'x-locale': locale };
  if (csrf) headers[CSRF_HEADER] = csrf;
  const res = await fetch(`/api${path}?${await signedQuery(query)}`, { headers, credentials: 'same-origin' });
  if (res.ok && res.headers.get('content-disposition')?.startsWith('attachment')) return res.blob();
  const envelope = (await res.json().catch(() => null)) as Envelope<unknown> | null;
  throw new ApiError(envelope?.code ?? -1, envelope?.msg || `request failed (${res.status})`, res.status);
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
export function apiCall<T>(
  method: 'GET' | 'POST',
  path: string,
  options: { query?: Query; body?: Record<string, unknown>; csrf?: string } = {},
): Promise<Envelope<T>> {
  // `csrf`: send this one instead of the cookie's (logout ends the session it just forgot here).
  return request<T>(method, path, options.query ?? {}, options.body, options.csrf);
}
