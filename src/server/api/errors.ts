/**
 * A failure the client can act on. Carries the HTTP status, a stable non-zero code and a
 * translation key; the API and the pages map it to their own responses in one place.
 */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    readonly code: number,
    readonly key: string,
    readonly vars: Record<string, string | number> = {},
    /** Seconds until a refused request may come back (429): sent as `Retry-After`. */
    readonly retryAfter?: number,
  ) {
    super(key);
    this.name = 'DomainError';
  }
}

export const notFound = (key = 'api.notFound', vars?: Record<string, string | number>) =>
  new DomainError(404, 404, key, vars);

/**
 * What a loader found, or null where it says there is no such thing (a 404 DomainError): for a
 * page that answers 404 itself. Any other error is thrown on.
 * @example const coin = await orMissing(currentCoin(db, id)); if (!coin) return Astro.rewrite('/404');
 */
export async function orMissing<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (e) {
    if (e instanceof DomainError && e.status === 404) return null;
    throw e;
  }
}
