/**
 * The JSON body and row ids of the reader's write routes (portfolio, alerts): a JSON object only,
 * so a cross-site form or text/plain post (which browsers send without asking) is refused, and an
 * id that is a whole number in the database's range. `badKey` names the feature's own message.
 */
import type { Context } from 'hono';
import type { ApiEnv } from './env.ts';
import { DomainError } from './errors.ts';

export async function jsonObject(c: Context<ApiEnv>, badKey: string): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== 'application/json') throw new DomainError(415, 415, 'auth.jsonOnly');
  let value: unknown;
  try {
    value = await c.req.json();
  } catch (e) {
    // A body the context middleware refused (control characters …) keeps its own message.
    if (e instanceof DomainError) throw e;
    throw new DomainError(400, 400, badKey);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new DomainError(400, 400, badKey);
  return value as Record<string, unknown>;
}

/** A row id: a whole number from 1 to 2³¹ − 1, as a JSON number or (from a query) its digits. */
export function rowId(v: unknown, badKey: string): number {
  const n = typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 2 ** 31 - 1)
    throw new DomainError(400, 400, badKey);
  return n;
}
