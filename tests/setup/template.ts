/**
 * Vitest global setup: one PostgreSQL server per test run and one migrated, seeded template
 * database on it that test files clone (`CREATE DATABASE … TEMPLATE`, tens of milliseconds).
 * The server is the embedded one on a throwaway data directory (no fsync: nothing here must
 * survive a power cut), or the server of TEST_DATABASE_URL (CI's Debian PostgreSQL).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate, openDatabase, urlConnection } from '../../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../../src/server/db/embedded.ts';
import { seedDemo } from '../../src/server/seed/index.ts';
import { SEED_NOW, TEMPLATE_DB } from './constants.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** node-postgres settings of a maintenance database on the test server (JSON). */
    testServer: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  let admin: pg.ClientConfig;
  let teardown = async () => {};
  if (url) {
    admin = urlConnection(url);
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-test-'));
    const server = await startEmbeddedPostgres({ dataDir: dir, role: 'tool', durability: 'scratch', log: () => {} });
    admin = { ...server.connection, database: 'postgres' };
    teardown = async () => {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  try {
    const client = new pg.Client(admin);
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    await client.end();
    const handle = openDatabase(withDatabase(admin, TEMPLATE_DB));
    await migrate(handle);
    await seedDemo(handle.db, { now: SEED_NOW });
    await handle.close();
  } catch (e) {
    await teardown();
    throw e;
  }
  project.provide('testServer', JSON.stringify(admin));
  return teardown;
}

/** The same server settings for another database. */
export function withDatabase(config: pg.ClientConfig, database: string): pg.ClientConfig {
  if (!config.connectionString) return { ...config, database };
  const u = new URL(config.connectionString);
  u.pathname = `/${database}`;
  return { ...config, connectionString: u.toString() };
}
