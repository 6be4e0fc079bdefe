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
