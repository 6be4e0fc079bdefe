/**
 * What OKX answers (okx.ts): the `{code, msg, data}` envelope and its error codes, and the shapes
 * of its tickers, instruments, candles and stream pushes.
 */
import { z } from 'zod';
import { decimalString, optionalDecimal, readable, rowsOf, unixMs } from './http.ts';

/** Rate limited (50011) and system busy (50013): worth another try; anything else is not. */
const RETRY_CODES = new Set(['50011', '50013']);

/**
 * OKX's envelope around `item`s, each read on its own (an odd row is left out, not the answer);
 * an error envelope carries no usable data, so it parses as [].
 */
export const envelope = <T extends z.ZodTypeAny>(
  item: T,
  rows: z.ZodType<{ rows: z.output<T>[]; skipped: number }, z.ZodTypeDef, unknown> = rowsOf(item),
) =>
  z.preprocess(
    (body) => (body && typeof body === 'object' && 'code' in body && body.code !== '0' ? { ...body, data: [] } : body),
    z.object({ code: z.string(), msg: z.string().catch(''), data: rows }),
  );
/** Rows that must all read (candles: a missing one would be a gap in the history). */
export const everyRow = <T extends z.ZodTypeAny>(item: T) => z.array(item).transform((rows) => ({ rows, skipped: 0 }));
export const okxError = (body: { code: string; msg: string; data: { rows: unknown[]; skipped: number } }) =>
  body.code === '0'
    ? readable(body.data)
    : { message: `code ${body.code}: ${body.msg || 'no message'}`, retry: RETRY_CODES.has(body.code) };

// Only the fields used are read, and of those only the id, the last price and the time must be
// there: an optional figure missing or odd reads as unknown.
export const tickerSchema = z.object({
  instId: z.string().min(1),
  last: z.union([z.string(), z.number()]),
  askPx: optionalDecimal,
  bidPx: optionalDecimal,
  open24h: optionalDecimal,
  high24h: optionalDecimal,
  low24h: optionalDecimal,
  vol24h: optionalDecimal,
  volCcy24h: optionalDecimal,
  ts: unixMs,
});
export type RawTicker = z.infer<typeof tickerSchema>;
export const instrumentSchema = z.object({
  instId: z.string().min(1),
  state: z.string(),
  baseCcy: z.string().catch(''),
  quoteCcy: z.string().catch(''),
  // FUTURES only (SPOT sends ""): the exchange's own name of a dated contract, and its expiry.
  alias: z.string().catch(''),
  expTime: optionalDecimal,
});
export type Instrument = z.infer<typeof instrumentSchema>;

const decimal = decimalString;
/** [ts, open, high, low, close, vol, volCcy, volCcyQuote, confirm], newest first. */
export const candleSchema = z.tuple([decimal, decimal, decimal, decimal, decimal, decimal, decimal]).rest(z.unknown());

/** A push of the tickers channel; acknowledgements and errors carry `event` instead. */
export const pushSchema = z.union([
  z.object({ event: z.enum(['subscribe', 'unsubscribe']), arg: z.unknown().optional() }).passthrough(),
  z.object({ event: z.literal('error'), code: z.string(), msg: z.string() }).passthrough(),
  z.object({ arg: z.object({ channel: z.literal('tickers'), instId: z.string() }), data: z.array(tickerSchema) }),
]);
