/**
 * Private databases for test files on the run's one PostgreSQL server (tests/setup/template.ts):
 * a clone of the seeded template, or an empty migrated database.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { migrate, openDatabase, type DbHandle } from '../../src/server/db/client.ts';
import { TEMPLATE_DB } from './constants.ts';
import { withDatabase } from './template.ts';

function server(): pg.ClientConfig {
  return JSON.parse(inject('testServer')) as pg.ClientConfig;
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(server());
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new database, dropped when the handle closes. */
async function scratchDatabase(template?: string): Promise<DbHandle> {
  const name = `coinlens_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  const handle = openDatabase(withDatabase(server(), name), { max: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** A private copy of the seeded test template. */
export function openTestDb(): Promise<DbHandle> {
  return scratchDatabase(TEMPLATE_DB);
}

/** An empty database with every migration applied. */
export async function openEmptyDb(): Promise<DbHandle> {
  const handle = await scratchDatabase();
  await migrate(handle);
  return handle;
}
