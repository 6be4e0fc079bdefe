import { CSV_BOM, csvRecord } from '../../lib/csv.ts';
import { PAGE_SIZES } from '../../lib/pagination.ts';
import { sourceList } from '../../lib/provenance.ts';
import type { Db } from '../../server/db/index.ts';
import { currentProvenance } from '../../server/db/provenance.ts';
import type { Page } from '../../server/db/numbers.ts';
import type { View } from '../../server/view.ts';
import type { ColumnKind, ExportColumn, ExportTable } from './tables.server.ts';
import { CACHE } from '../../server/http/cachePolicy.mjs';

type ExportFormat = 'csv' | 'json';

/** Most rows an all-pages export holds: far more than anyone pages through, a bounded query cost. */
export const MAX_EXPORT_ROWS = 5_000;
const ALL_PAGES_SIZE = Math.max(...PAGE_SIZES);

interface ExportOptions {
  format: ExportFormat;
  /** Every page of the list (same filters and sort) instead of the page shown, up to MAX_EXPORT_ROWS. */
  all: boolean;
  now: Date;
}

interface ExportColumnInfo {
  key: string;
  label: string;
  /** The currency code of money columns, "%" for percentages, null otherwise. */
  unit: string | null;
}

/** Drops binary floating-point noise of a conversion (92.00000000000001) without losing real digits. */
function clean(kind: ColumnKind, value: string | number | null): string | number | null {
  if (typeof value !== 'number') return value;
  if (!Number.isFinite(value)) return null;
  return kind === 'money' || kind === 'number' || kind === 'percent' ? Number(value.toPrecision(12)) : value;
}

function unitOf(kind: ColumnKind, currency: string): string | null {
  return kind === 'money' ? currency : kind === 'percent' ? '%' : null;
}

/** The header a column gets in the file: the page's header, with its unit where the page shows a symbol. */
function headerLabel(label: string, unit: string | null): string {
  return unit && !label.includes(unit) ? `${label} (${unit})` : label;
}

/**
 * The download of one table as a streamed Response: CSV (UTF-8 with BOM, RFC 4180, first record
 * the provenance: source, generation time, currency; then the header row) or JSON (one object,
 * the same provenance as fields, then `rows`). Rows are written as the domain returns them; an
 * all-pages export asks for the next page only when the reader has taken the previous one.
 */
export async function exportResponse<R>(
  db: Db,
  v: View,
  table: ExportTable<R>,
  params: URLSearchParams,
  opts: ExportOptions,
): Promise<Response | null> {
  const prepared = await table.prepare(db, params);
  // The coin or exchange the table belongs to does not exist: 404, like its page.
  if (!prepared) return null;
  const size = opts.all ? ALL_PAGES_SIZE : prepared.size;
  const startPage = opts.all ? 1 : prepared.page;
  const [first, source] = await Promise.all([prepared.fetch(startPage, size), currentProvenance(db)]);
  // The page beyond the last answers 404, like the page itself.
  if (!opts.all && first.list.length === 0 && startPage > 1) return null;
  if (table.alignsRates) v.alignRates(first.list as unknown as { id: string; price: number | null }[]);
  const { t } = v;
  const currency = v.money.currency;
  const generatedAt = opts.now.toISOString();
  const sourceText =
    source.source === 'live' ? sourceList(v, source.sources) : source.source === 'demo' ? t('export.demoSource') : '--';
  const tableColumns = prepared.columns ?? table.columns;
  const columns: ExportColumnInfo[] = tableColumns.map((c) => ({
    key: c.key,
    label: typeof c.label === 'string' ? t(c.label) : c.label(t),
    unit: unitOf(c.kind, currency),
  }));
  const limit = opts.all ? Math.min(first.total, MAX_EXPORT_ROWS) : first.list.length;
  const values = (row: R, index: number) =>
    tableColumns.map((c: ExportColumn<R>) => clean(c.kind, c.value(row, v, index)));

  const encoder = new TextEncoder();
  const csv = opts.format === 'csv';
  const head = csv
    ? CSV_BOM +
      csvRecord([t('export.source'), sourceText, t('export.generated'), generatedAt, t('export.currency'), currency]) +
      csvRecord(columns.map((c) => headerLabel(c.label, c.unit)))
    : `{${[
        ['table', table.name],
        ['source', sourceText],
        ['generatedAt', generatedAt],
        ['currency', currency],
        ['locale', v.locale],
        ['page', opts.all ? null : startPage],
        ['size', opts.all ? null : size],
        ['total', first.total],
        ['columns', columns],
      ]
        .map(([k, val]) => `${JSON.stringify(k)}:${JSON.stringify(val)}`)
        .join(',')},"rows":[`;
  let written = 0;
  const chunk = (page: Page<R>, offset: number) => {
    let out = '';
    for (let i = 0; i < page.list.length && written < limit; i += 1) {
      const row = values(page.list[i]!, offset + i);
      if (csv) out += csvRecord(row);
      else out += (written > 0 ? ',' : '') + JSON.stringify(Object.fromEntries(columns.map((c, j) => [c.key, row[j]])));
      written += 1;
    }
    return out;
  };

  let next = startPage;
  let pending: Page<R> | null = first;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(head));
    },
    async pull(controller) {
      const page = pending ?? (await prepared.fetch(next, size));
      pending = null;
      const text = chunk(page, (next - 1) * size);
      if (text) controller.enqueue(encoder.encode(text));
      next += 1;
      const more = opts.all && written < limit && page.list.length === size;
      if (!more) {
        if (!csv) controller.enqueue(encoder.encode(']}'));
        controller.close();
      }
    },
  });
  const stamp = generatedAt.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const filename = `coinlens-${table.name}-${opts.all ? 'all' : `page${startPage}`}-${currency}-${stamp}.${opts.format}`;
  return new Response(stream, {
    status: 200,
    headers: {
      'Content-Type': csv ? 'text/csv; charset=utf-8; header=present' : 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': CACHE.none,
      'Content-Language': v.locale,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
