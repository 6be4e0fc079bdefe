/**
 * What Bybit answers (bybit.ts): the `{retCode, retMsg, result, time}` envelope and its error
 * codes, and the shapes of its instruments, tickers, klines and stream pushes.
 */
import { z } from 'zod';
import { decimalString, optionalDecimal, readable, rowsOf, unixMs } from './http.ts';

/** Server timeout (10000), too many visits (10006), server error (10016): worth another try. */
const RETRY_CODES = new Set([10000, 10006, 10016]);

/**
 * Bybit's envelope around a `result` with a `list`, each row read on its own (an odd row is left
 * out, not the answer); an error envelope's result is `{}`, read as an empty list. The cursor may
 * be absent, empty or null on the last page.
 */
export const envelope = <T extends z.ZodTypeAny>(
  item: T,
  rows: z.ZodType<{ rows: z.output<T>[]; skipped: number }, z.ZodTypeDef, unknown> = rowsOf(item),
) =>
  z.preprocess(
    (body) =>
      body && typeof body === 'object' && 'retCode' in body && body.retCode !== 0
        ? { time: 0, ...body, result: { list: [] } }
        : body,
    z.object({
      retCode: z.number(),
      retMsg: z.string().catch(''),
      result: z.object({ list: rows, nextPageCursor: z.string().nullish().catch(undefined) }),
      time: unixMs,
    }),
  );
/** Rows that must all read (klines: a missing one would be a gap in the history). */
export const everyRow = <T extends z.ZodTypeAny>(item: T) => z.array(item).transform((rows) => ({ rows, skipped: 0 }));
export const bybitError = (body: {
  retCode: number;
  retMsg: string;
  result: { list: { rows: unknown[]; skipped: number } };
}) =>
  body.retCode === 0
    ? readable(body.result.list)
    : {
        message: `retCode ${body.retCode}: ${body.retMsg || 'no message'}`,
        retry: RETRY_CODES.has(body.retCode) || body.retMsg === 'Too many visits!',
      };

export const instrumentSchema = z.object({
  symbol: z.string().min(1),
  status: z.string(),
  baseCoin: z.string().min(1),
  quoteCoin: z.string().min(1),
  // Derivatives only; "0" for perpetuals.
  contractType: z.string().optional().catch(undefined),
  deliveryTime: optionalDecimal,
});

// Only the fields used are read, and of those only the symbol and the last price must be there:
// an optional figure missing or odd (a pair without a book) reads as unknown.
export const tickerSchema = z.object({
  symbol: z.string().min(1),
  lastPrice: z.union([z.string(), z.number()]),
  prevPrice24h: optionalDecimal,
  price24hPcnt: optionalDecimal,
  highPrice24h: optionalDecimal,
  lowPrice24h: optionalDecimal,
  volume24h: optionalDecimal,
  turnover24h: optionalDecimal,
  bid1Price: optionalDecimal,
  ask1Price: optionalDecimal,
});
export type RawTicker = z.infer<typeof tickerSchema>;

const decimal = decimalString;
/** [startTime, open, high, low, close, volume, turnover], newest first. */
export const klineSchema = z.tuple([decimal, decimal, decimal, decimal, decimal, decimal, decimal]).rest(z.unknown());

/** An operation's answer (subscribe, pong): `success` false says why in `ret_msg`. */
const opAnswerSchema = z.object({ op: z.string(), success: z.boolean().optional(), ret_msg: z.string().optional() });
/** A ticker push: the REST ticker's fields (spot: all but the book; a linear delta: those that changed). */
const tickerPushSchema = z.object({
  topic: z.string().startsWith('tickers.'),
  ts: z.number(),
  type: z.enum(['snapshot', 'delta']),
  data: z.object({
    symbol: z.string().min(1),
    lastPrice: z.string().optional(),
    bid1Price: z.string().optional(),
    ask1Price: z.string().optional(),
    prevPrice24h: z.string().optional(),
    price24hPcnt: z.string().optional(),
    highPrice24h: z.string().optional(),
    lowPrice24h: z.string().optional(),
    volume24h: z.string().optional(),
    turnover24h: z.string().optional(),
  }),
});
export const pushSchema = z.union([tickerPushSchema, opAnswerSchema]);
