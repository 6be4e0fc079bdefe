/**
 * Vitest global setup: builds one seeded database per run that every test file copies.
 * Creating and seeding a PGlite database costs seconds and ~800 MB; loading a dump is cheap.
 * With TEST_DATABASE_URL (CI's PostgreSQL run) the template is a PostgreSQL template database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.ts';
import { seedDemo } from '../../src/server/seed/index.ts';
import { SEED_NOW, TEMPLATE_DB } from './constants.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDump: string;
  }
}

export default async function setup(project: TestProject) {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${TEMPLATE_DB}`;
    const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
    await seedDemo(handle.db, { now: SEED_NOW });
    await handle.close();
    project.provide('templateDump', '');
    return;
  }
  const handle = await openDatabase({ kind: 'memory' });
  await seedDemo(handle.db, { now: SEED_NOW });
  const pglite = (handle as unknown as { pglite: { dumpDataDir(c?: 'none' | 'gzip'): Promise<Blob> } }).pglite;
  const dump = await pglite.dumpDataDir('none');
  await handle.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-test-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('templateDump', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
