/**
 * The e2e server's database, read over the embedded PostgreSQL server's socket in its data
 * directory (tests/e2e/server.mjs names it in a file; a server started elsewhere names it with
 * E2E_DATA_DIR). For what a browser cannot see: an outbox, a device row, a new announcement.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export function dataDir(): string {
  if (process.env.E2E_DATA_DIR) return process.env.E2E_DATA_DIR;
  const pointer = path.join(os.tmpdir(), `coinlens-e2e-${process.env.E2E_PORT ?? 4399}.datadir`);
  return fs.readFileSync(pointer, 'utf8').trim();
}

export async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({
    host: path.join(dataDir(), 'run'),
    port: 5432,
    user: 'coinlens',
    database: 'coinlens',
  });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}
