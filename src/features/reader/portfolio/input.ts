/**
 * A transaction as a reader types it (the API's body, a CSV row, a visitor's stored entry),
 * checked field by field. Every refusal names a `portfolio.*` message and the field, so the form
 * and the import preview can point at it. Amounts stay the strings they were typed as. Browser
 * code uses it too (a visitor's entries are checked before they are kept).
 */
export type TxKind = 'BUY' | 'SELL' | 'TRANSFER_IN' | 'TRANSFER_OUT';
export const TX_KINDS: readonly TxKind[] = ['BUY', 'SELL', 'TRANSFER_IN', 'TRANSFER_OUT'];

/** The currencies a price may be in: the site's (SPEC's rate options). */
export const TX_CURRENCIES = ['USD', 'USDT', 'BTC', 'ETH', 'CNY', 'EUR', 'JPY', 'KRW', 'HKD', 'TWD'] as const;

/** Up to 20 digits before the point and 18 after: what any coin's quantity or price needs. */
const DECIMAL = /^(?:\d{1,20})(?:\.\d{1,18})?$/;
/** The first block of the first chain: no transaction is older. */
const EARLIEST = Date.parse('2009-01-03T00:00:00Z');
export const NOTE_MAX = 200;

export interface TxInput {
  /** A coin's slug or symbol, as typed. */
  coin: string;
  kind: TxKind;
  /** ISO time. */
  at: string;
  quantity: string;
  price: string | null;
  currency: string;
  fee: string;
  note: string;
  /** A visitor's own id for the entry (merge), 1–64 of [A-Za-z0-9_-]. */
  clientId: string | null;
}

export interface InputError {
  field: keyof TxInput | 'body';
  key: string;
  vars?: Record<string, string | number>;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * A decimal string (thousands may be grouped with commas or spaces: "1,234.5"); null when it is
 * not one. Numbers are refused: a JSON number has already been rounded to a double.
 */
export function decimalIn(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  let s = v.trim().replace(/[\s_]/g, '');
  if (s.includes(',')) {
    // Commas only as groups of three: "0,5" is a decimal comma, which would read as 5.
    if (!/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(s)) return null;
    s = s.replace(/,/g, '');
  }
  if (!DECIMAL.test(s)) return null;
  return s.includes('.') ? s.replace(/\.?0+$/, '') || '0' : s.replace(/^0+(?=\d)/, '');
}

const KIND_WORDS: Record<string, TxKind> = {
  buy: 'BUY',
  sell: 'SELL',
  transfer_in: 'TRANSFER_IN',
  transferin: 'TRANSFER_IN',
  deposit: 'TRANSFER_IN',
  transfer_out: 'TRANSFER_OUT',
  transferout: 'TRANSFER_OUT',
  withdraw: 'TRANSFER_OUT',
  withdrawal: 'TRANSFER_OUT',
};

export function kindIn(v: unknown): TxKind | null {
  const s = text(v)
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if ((TX_KINDS as readonly string[]).includes(s.toUpperCase())) return s.toUpperCase() as TxKind;
  return KIND_WORDS[s] ?? KIND_WORDS[s.replace(/_/g, '')] ?? null;
}

/** A time from ISO text or epoch milliseconds; a bare date is midnight UTC; an impossible date (02-30) is refused. */
export function timeIn(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  const s = text(v);
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
  if (!m) return null;
  const [, y, mo, d] = m.map(Number) as [number, number, number, number];
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return null;
  const iso = s.length === 10 ? `${s}T00:00:00Z` : s.replace(' ', 'T');
  const t = Date.parse(/(Z|[+-]\d{2}:?\d{2})$/.test(iso) ? iso : `${iso}Z`);
  return Number.isNaN(t) ? null : t;
}

/** The transaction in `raw`, or the first thing wrong with it. */
export function parseTx(raw: unknown, now = Date.now()): TxInput | InputError {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { field: 'body', key: 'portfolio.badBody' };
  const r = raw as Record<string, unknown>;
  const coin = text(r.coin);
  if (coin === '' || coin.length > 120) return { field: 'coin', key: 'portfolio.coinRule' };
  const kind = kindIn(r.kind ?? r.type);
  if (!kind) return { field: 'kind', key: 'portfolio.kindRule' };
  const time = timeIn(r.at ?? r.date ?? r.time);
  if (time === null) return { field: 'at', key: 'portfolio.timeRule' };
  if (time < EARLIEST || time > now + 60_000) return { field: 'at', key: 'portfolio.timeRange' };
  const quantity = decimalIn(r.quantity);
  if (quantity === null || /^0(\.0*)?$/.test(quantity)) return { field: 'quantity', key: 'portfolio.quantityRule' };
  if (!['string', 'undefined'].includes(typeof r.price) && r.price !== null)
    return { field: 'price', key: 'portfolio.priceRule' };
  if (!['string', 'undefined'].includes(typeof r.fee) && r.fee !== null)
    return { field: 'fee', key: 'portfolio.feeRule' };
  if (!['string', 'undefined'].includes(typeof r.note) && r.note !== null)
    return { field: 'note', key: 'portfolio.badBody' };
  if (!['string', 'undefined'].includes(typeof r.currency) && r.currency !== null)
    return { field: 'currency', key: 'portfolio.currencyRule', vars: { list: TX_CURRENCIES.join(', ') } };
  const priceText = text(r.price);
  const price = priceText === '' ? null : decimalIn(priceText);
  if (priceText !== '' && price === null) return { field: 'price', key: 'portfolio.priceRule' };
  if (price === null && (kind === 'BUY' || kind === 'SELL')) return { field: 'price', key: 'portfolio.priceNeeded' };
  const currency = (text(r.currency) || 'USD').toUpperCase();
  if (!(TX_CURRENCIES as readonly string[]).includes(currency))
    return { field: 'currency', key: 'portfolio.currencyRule', vars: { list: TX_CURRENCIES.join(', ') } };
  const feeText = text(r.fee);
  const fee = feeText === '' ? '0' : decimalIn(feeText);
  if (fee === null) return { field: 'fee', key: 'portfolio.feeRule' };
  const note = typeof r.note === 'string' ? r.note.trim() : '';
  if (note.length > NOTE_MAX) return { field: 'note', key: 'portfolio.noteRule', vars: { count: NOTE_MAX } };
  const clientId = r.clientId === undefined || r.clientId === null ? null : text(r.clientId);
  if (clientId !== null && !/^[A-Za-z0-9_-]{1,64}$/.test(clientId))
    return { field: 'clientId', key: 'portfolio.badBody' };
  return { coin, kind, at: new Date(time).toISOString(), quantity, price, currency, fee, note, clientId };
}

export const isInputError = (v: TxInput | InputError): v is InputError => 'key' in v;
