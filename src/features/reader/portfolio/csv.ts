/**
 * Portfolio CSV: the site's own layout (what export writes, so an export imports back unchanged)
 * and Binance's trade-history export (`Date(UTC),Pair,Side,Price,Executed,Amount,Fee`). Each row
 * becomes a transaction or an error naming its line and field; an import with any error saves
 * nothing.
 */
import { CSV_BOM, csvRecord, parseCsv } from '../../../lib/csv.ts';
import { dec, plain } from './pnl.ts';
import { decimalIn, isInputError, parseTx, TX_CURRENCIES, type InputError, type TxInput } from './input.ts';

export const OWN_COLUMNS = ['date', 'type', 'coin', 'symbol', 'quantity', 'price', 'currency', 'fee', 'note'] as const;
const BINANCE_COLUMNS = ['date(utc)', 'pair', 'side', 'price', 'executed', 'amount', 'fee'];
export const IMPORT_ROWS_MAX = 2000;
/** No field of a transaction is longer (the note is 200 characters). */
const CELL_MAX = 400;

export type CsvLayout = 'coinlens' | 'binance';
export type ImportRow = { line: number; tx: TxInput } | { line: number; error: InputError };

/** The site's layout, the header first. */
export function exportCsv(
  rows: readonly {
    at: string;
    kind: string;
    coin: { id: string; symbol: string };
    quantity: string;
    price: string | null;
    currency: string;
    fee: string;
    note: string;
  }[],
): string {
  const lines = [csvRecord(OWN_COLUMNS)];
  for (const r of rows)
    lines.push(
      csvRecord([r.at, r.kind, r.coin.id, r.coin.symbol, r.quantity, r.price ?? '', r.currency, r.fee, r.note]),
    );
  return `${CSV_BOM}${lines.join('')}`;
}

const header = (cells: readonly string[]) =>
  cells.map((c) =>
    c
      .trim()
      .replace(/^\uFEFF/, '')
      .toLowerCase(),
  );

export function layoutOf(cells: readonly string[]): CsvLayout | null {
  const h = header(cells).join(',');
  if (h === OWN_COLUMNS.join(',')) return 'coinlens';
  if (h === BINANCE_COLUMNS.join(',')) return 'binance';
  return null;
}

/** "0.0100000000BTC" → ['0.0100000000', 'BTC']. Both parts are bounded and the asset starts with a letter, so no input backtracks. */
function amountAndAsset(cell: string): [string, string] | null {
  const m = /^\s*([\d.,]{1,60})\s*([A-Za-z][A-Za-z0-9]{0,19})\s*$/.exec(cell);
  return m ? [m[1]!, m[2]!.toUpperCase()] : null;
}

/** Quote assets Binance uses that we have no rate for: named in the refusal rather than misread. */
const OTHER_QUOTES = ['FDUSD', 'TUSD', 'BUSD', 'USDC', 'DAI', 'TRY', 'BRL', 'BNB'];

/** A Binance trade as our transaction: the quote asset is the currency; a fee in the coin is priced at the trade. */
function binanceRow(cells: readonly string[]): Record<string, unknown> | InputError {
  const [date, pair = '', side, price, executed = '', , fee = ''] = cells;
  const quote = [...TX_CURRENCIES, ...OTHER_QUOTES]
    .sort((a, b) => b.length - a.length)
    .find((q) => pair.toUpperCase().endsWith(q));
  if (!quote || pair.length <= quote.length || OTHER_QUOTES.includes(quote))
    return { field: 'currency', key: 'portfolio.currencyRule', vars: { list: TX_CURRENCIES.join(', ') } };
  const base = pair.toUpperCase().slice(0, -quote.length);
  const qty = amountAndAsset(executed);
  if (!qty || qty[1] !== base) return { field: 'quantity', key: 'portfolio.quantityRule' };
  let feeOut = '0';
  let note = '';
  const f = fee.trim() === '' ? null : amountAndAsset(fee);
  if (fee.trim() !== '' && !f) return { field: 'fee', key: 'portfolio.feeRule' };
  const feeAmount = f ? decimalIn(f[0]) : '0';
  const priceAmount = decimalIn(price);
  if (f && feeAmount === null) return { field: 'fee', key: 'portfolio.feeRule' };
  if (f && f[1] === quote) feeOut = feeAmount!;
  else if (f && f[1] === base && priceAmount !== null) feeOut = plain(dec(feeAmount!).times(priceAmount), 18)!;
  else if (f && dec(feeAmount!).gt(0)) note = `fee ${f[0]} ${f[1]}`;
  return { at: date, kind: side, coin: base, quantity: qty[0], price, currency: quote, fee: feeOut, note };
}

/** A cell as it was before export guarded it against spreadsheet formulas (lib/csv.ts adds a ' before = + - @). */
const unguarded = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** Every row of `text` checked; the layout comes from the header row. */
export function readCsv(text: string, now = Date.now()): { layout: CsvLayout; rows: ImportRow[] } | InputError {
  let table: string[][];
  try {
    table = parseCsv(text.replace(/^\uFEFF/, ''));
  } catch {
    return { field: 'body', key: 'portfolio.csvUnreadable' };
  }
  const [head, ...body] = table.filter((r) => r.some((c) => c.trim() !== ''));
  const layout = head ? layoutOf(head) : null;
  if (!layout) return { field: 'body', key: 'portfolio.csvLayout' };
  if (body.length === 0) return { field: 'body', key: 'portfolio.csvEmpty' };
  if (body.length > IMPORT_ROWS_MAX)
    return { field: 'body', key: 'portfolio.tooManyRows', vars: { count: IMPORT_ROWS_MAX } };
  if (body.some((cells) => cells.some((c) => c.length > CELL_MAX)))
    return { field: 'body', key: 'portfolio.csvUnreadable' };
  const rows = body.map((cells, i): ImportRow => {
    const line = i + 2;
    const raw =
      layout === 'binance'
        ? binanceRow(cells)
        : Object.fromEntries(
            OWN_COLUMNS.map((c, k) => [c === 'date' ? 'at' : c === 'type' ? 'kind' : c, unguarded(cells[k] ?? '')]),
          );
    if ('key' in raw) return { line, error: raw as InputError };
    if (layout === 'coinlens' && typeof raw.coin === 'string' && raw.coin === '') raw.coin = raw.symbol;
    const tx = parseTx(raw, now);
    return isInputError(tx) ? { line, error: tx } : { line, tx };
  });
  return { layout, rows };
}
