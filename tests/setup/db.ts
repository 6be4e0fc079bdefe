/**
 * A private copy of the seeded test template for one test file: PGlite in memory loaded from
 * the run's dump, or (TEST_DATABASE_URL) a fresh PostgreSQL database cloned from the template.
 */
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, type DbHandle } from '../../src/server/db/client.ts';
import { TEMPLATE_DB } from './constants.ts';

export async function openTestDb(): Promise<DbHandle> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const { default: pg } = await import('pg');
    const name = `coinlens_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const drop = new pg.Client({ connectionString: pgUrl });
        await drop.connect();
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await drop.end();
      },
    };
  }
  const file = inject('templateDump');
  return openDatabase({ kind: 'memory', loadDataDir: new Blob([fs.readFileSync(file)]) });
}
