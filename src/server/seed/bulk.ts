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

/** Inserts rows (the table's insert shape) in a few large statements. */
export async function bulkInsert<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>).filter(([key]) =>
    rows.some((r) => (r as Record<string, unknown>)[key] !== undefined),
  );
  const names = sql.raw(columns.map(([, c]) => quoteIdent(c.name)).join(', '));
  const target = sql.raw(quoteIdent(getTableName(table)));
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const batch = rows.slice(start, start + ROWS_PER_STATEMENT) as Record<string, unknown>[];
    const arrays: SQL[] = columns.map(([key, column]) => {
      const values = batch.map((row) => {
        const v = row[key];
        return element(v === null || v === undefined ? null : column.mapToDriverValue(v));
      });
      return sql`${`{${values.join(',')}}`}::${sql.raw(column.getSQLType())}[]`;
    });
    await db.execute(sql`insert into ${target} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})`);
  }
}
