/** Readers of the values sources send: rows validated one by one, decimals, times, prices. */
import { z } from 'zod';

/**
 * A list of rows, each validated on its own: a long list (every ticker of an exchange) loses one
 * odd row, not the whole answer. `skipped` counts the rows left out; an answer with rows of which
 * none reads is a changed payload (see {@link readable}).
 */
export const rowsOf = <T extends z.ZodTypeAny>(row: T) =>
  z.array(z.unknown()).transform((all) => {
    const rows: z.output<T>[] = [];
    for (const r of all) {
      const parsed = row.safeParse(r);
      if (parsed.success) rows.push(parsed.data);
    }
    return { rows, skipped: all.length - rows.length };
  });

/** The SourceHttp check of a {@link rowsOf} answer: rows came, none could be read. */
export const readable = (answer: { rows: unknown[]; skipped: number }) =>
  answer.rows.length === 0 && answer.skipped > 0
    ? { message: `unexpected payload: none of ${answer.skipped} rows readable` }
    : null;

/**
 * A figure a source may send or not, as a decimal string or a number: anything else (null, an
 * object, a word) reads as unknown instead of rejecting the row. For the fields an adapter can do
 * without (24-hour open, high, low, volumes, the book).
 */
export const optionalDecimal = z
  .unknown()
  .transform((v) => (typeof v === 'string' || typeof v === 'number' ? v : undefined));

/** A time as Unix ms, sent as a number or a decimal string ("1795521599588"). */
export const unixMs = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const n = toNumber(v);
  if (n === null) ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'not a time' });
  return n ?? 0;
});

/** A price: a positive decimal, else null (sources send "" or "0" for a pair without one). */
export function toPrice(value: string | number | null | undefined): number | null {
  const n = toNumber(value);
  return n !== null && n > 0 ? n : null;
}

/**
 * A last price as the source reports it: zero and negative ones included (the aggregation rejects
 * them as invalid prices, and the market tab says so), null only when there is none at all ("" or
 * absent: a listing that has not traded yet).
 */
export function reportedPrice(value: string | number | null | undefined): number | null {
  return toNumber(value);
}

/** A decimal string, as the sources write their numbers. */
export const decimalString = z.string().refine((s) => toNumber(s) !== null, 'not a decimal');

/** A decimal string or number as a finite number, else null (sources send "" for unknown). */
export function toNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}
