/**
 * Fast bulk inserts: one `INSERT … SELECT * FROM unnest($1::type[], $2::type[], …)` per
 * batch, one array parameter per column: far fewer bind parameters to send and parse than
 * multi-row VALUES, and no limit of 65,535 parameters per statement.
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

const ROWS_PER_STATEMENT = 5_000;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** One element of a PostgreSQL array literal. */
function element(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'bigint') text = String(value);
  else if (typeof value === 'boolean') text = value ? 't' : 'f';
  else if (value instanceof Date) text = value.toISOString();
  else text = JSON.stringify(value);
  return text.includes('"') || text.includes('\\') ? `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"` : `"${text}"`;
}

type Columns = [string, PgColumn][];

function columnsOf(table: PgTable, rows: readonly Record<string, unknown>[]): Columns {
  return Object.entries(getTableColumns(table) as Record<string, PgColumn>).filter(([key]) =>
    rows.some((r) => r[key] !== undefined),
  );
}

/** One `insert … select * from unnest(…)` of a batch of rows. */
function statement(table: PgTable, columns: Columns, batch: readonly Record<string, unknown>[]): SQL {
  const names = sql.raw(columns.map(([, c]) => quoteIdent(c.name)).join(', '));
  const target = sql.raw(quoteIdent(getTableName(table)));
  const arrays: SQL[] = columns.map(([key, column]) => {
    const values = batch.map((row) => {
      const v = row[key];
      return element(v === null || v === undefined ? null : column.mapToDriverValue(v));
    });
    return sql`${`{${values.join(',')}}`}::${sql.raw(column.getSQLType())}[]`;
  });
  return sql`insert into ${target} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})`;
}

/** Inserts rows (the table's insert shape) in a few large statements. */
export async function bulkInsert<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const all = rows as readonly Record<string, unknown>[];
  const columns = columnsOf(table, all);
  for (let start = 0; start < all.length; start += ROWS_PER_STATEMENT) {
    await db.execute(statement(table, columns, all.slice(start, start + ROWS_PER_STATEMENT)));
  }
}

/**
 * Inserts rows produced a batch at a time (all with the same columns), without holding them
 * all: while PostgreSQL runs one statement, the next batch is generated and encoded, so the
 * generator and the database work side by side. Returns how many rows were written.
 */
export async function bulkInsertStream<T extends PgTable>(
  db: Db,
  table: T,
  batches: Iterable<readonly T['$inferInsert'][]>,
): Promise<number> {
  let columns: Columns | undefined;
  let pending: Record<string, unknown>[] = [];
  let inFlight: Promise<unknown> | undefined;
  let written = 0;
  const send = async (rows: Record<string, unknown>[]) => {
    columns ??= columnsOf(table, rows);
    const query = statement(table, columns, rows);
    if (inFlight) await inFlight;
    // Drizzle's queries run each time they are awaited: start it once, as a promise.
    inFlight = Promise.resolve(db.execute(query));
    // Awaited before the next statement; until then a failure must not count as unhandled.
    inFlight.catch(() => {});
    written += rows.length;
  };
  for (const batch of batches) {
    pending.push(...(batch as readonly Record<string, unknown>[]));
    if (pending.length >= ROWS_PER_STATEMENT) {
      await send(pending);
      pending = [];
    }
  }
  if (pending.length > 0) await send(pending);
  if (inFlight) await inFlight;
  return written;
}
