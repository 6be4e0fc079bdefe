// npm run db:migrate: apply pending migrations to the configured database and exit.
import { configuredDatabase } from '../src/server/db/index.ts';
import { openDatabase } from '../src/server/db/client.ts';

const target = configuredDatabase();
try {
  const handle = await openDatabase(target);
  await handle.close();
  const where = target.kind === 'postgres' ? 'PostgreSQL' : target.kind === 'pglite' ? `PGlite in ${target.dataDir}` : 'memory';
  console.log(`Migrations applied (${where}).`);
} catch (e) {
  console.error(`Migration failed: ${(e as Error).message}`);
  process.exit(1);
}
