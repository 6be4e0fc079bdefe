import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { DomainError } from './errors.ts';
import type { ApiEnv } from './env.ts';
import { CACHE } from '../http/cachePolicy.mjs';

/**
 * The one success envelope: `{ code: 0, data, msg: 'success' }`, cacheable for `cacheSeconds`.
 * Answers speak the request's language, and only `lan` names it in the URL: without it the
 * locale cookie or `x-locale` may have chosen it, so shared caches must key on those headers
 * (`Vary`), and an answer shaped by the reader's own cookie or token stays in their browser.
 */
export function ok<T>(c: Context<ApiEnv>, data: T, cacheSeconds = 0) {
  if (cacheSeconds > 0) c.header('Cache-Control', cacheControl(c, cacheSeconds));
  return c.json({ code: 0, data, msg: 'success' });
}

/**
 * The success envelope of a personal or state-changing answer, which no cache keeps; `msgKey`: a
 * message of our own ("Saved"), in the request's language, instead of 'success'.
 */
export function done<T>(c: Context<ApiEnv>, data: T, msgKey?: string) {
  c.header('Cache-Control', CACHE.none);
  return c.json({ code: 0, data, msg: msgKey ? c.get('t')(msgKey) : 'success' });
}

function cacheControl(c: Context<ApiEnv>, seconds: number): string {
  const age = `max-age=${seconds}, stale-while-revalidate=${seconds * 5}`;
  if (c.req.header('authorization') || c.get('user')) return `private, ${age}`;
  if (c.req.query('lan') !== undefined) return `public, ${age}`;
  c.header('Vary', 'Cookie, X-Locale', { append: true });
  const personal = getCookie(c, 'locale') !== undefined || c.req.header('x-locale') !== undefined;
  return `${personal ? 'private' : 'public'}, ${age}`;
}

/** The failure envelope with a non-zero code and a message in the request's language. */
export function fail(c: Context<ApiEnv>, status: ContentfulStatusCode, code: number, msg: string) {
  c.header('Cache-Control', CACHE.none);
  return c.json({ code, data: null, msg }, status);
}

/**
 * Parses query parameters with a zod schema; a bad value becomes a 400 naming the field.
 * @example const q = parseQuery(c, z.object({ page: z.coerce.number().int().min(1) }))
 */
export function parseQuery<S extends z.ZodTypeAny>(c: Context<ApiEnv>, schema: S): z.infer<S> {
  return parsedOnce(c, schema, () => c.req.query());
}

/** Parses path parameters with a zod schema, like {@link parseQuery}. */
export function parseParams<S extends z.ZodTypeAny>(c: Context<ApiEnv>, schema: S): z.infer<S> {
  return parsedOnce(c, schema, () => c.req.param() as Record<string, string>);
}

/** Parses of this request, by schema: the route's doc() middleware and its handler parse once between them. */
const parses = new WeakMap<Context<ApiEnv>, Map<z.ZodTypeAny, unknown>>();

function parsedOnce<S extends z.ZodTypeAny>(c: Context<ApiEnv>, schema: S, input: () => unknown): z.infer<S> {
  let seen = parses.get(c);
  if (seen?.has(schema)) return seen.get(schema) as z.infer<S>;
  const result = schema.safeParse(input());
  if (!result.success) throw validationError(result.error);
  if (!seen) parses.set(c, (seen = new Map()));
  seen.set(schema, result.data);
  return result.data;
}

function validationError(error: z.ZodError): DomainError {
  const issue = error.issues[0];
  return new DomainError(400, 400, 'api.invalidParam', {
    field: issue?.path.join('.') || 'input',
    message: issue?.message ?? 'invalid',
  });
}
