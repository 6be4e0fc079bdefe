import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { DomainError } from '../domain/errors.ts';
import type { ApiEnv } from './env.ts';

/** The one success envelope: `{ code: 0, data, msg: 'success' }`. */
export function ok<T>(c: Context<ApiEnv>, data: T, cacheSeconds = 0) {
  if (cacheSeconds > 0) c.header('Cache-Control', `public, max-age=${cacheSeconds}, stale-while-revalidate=${cacheSeconds * 5}`);
  return c.json({ code: 0, data, msg: 'success' });
}

/** The failure envelope with a non-zero code and a message in the request's language. */
export function fail(c: Context<ApiEnv>, status: ContentfulStatusCode, code: number, msg: string) {
  c.header('Cache-Control', 'no-store');
  return c.json({ code, data: null, msg }, status);
}

/**
 * Parses query parameters with a zod schema; a bad value becomes a 400 naming the field.
 * @example const q = parseQuery(c, z.object({ page: z.coerce.number().int().min(1) }))
 */
export function parseQuery<S extends z.ZodTypeAny>(c: Context<ApiEnv>, schema: S): z.infer<S> {
  const result = schema.safeParse(c.req.query());
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** Parses a JSON body; malformed JSON and schema failures are 400s. */
export async function parseBody<S extends z.ZodTypeAny>(c: Context<ApiEnv>, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new DomainError(400, 400, 'api.badRequest');
  }
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

function validationError(error: z.ZodError): DomainError {
  const issue = error.issues[0];
  return new DomainError(400, 400, 'api.invalidParam', {
    field: issue?.path.join('.') || 'input',
    message: issue?.message ?? 'invalid',
  });
}
