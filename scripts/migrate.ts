// npm run db:migrate: apply pending migrations to the configured database and exit.
import { boot } from '../src/server/boot.ts';
import { config } from '../src/server/config.ts';

try {
  const { shutdown } = await boot({ role: 'tool', seed: false, live: false });
  await shutdown();
  console.log(
    `Migrations applied (${config().DATABASE_URL ? 'DATABASE_URL' : `embedded PostgreSQL in ${config().dataDir}`}).`,
  );
} catch (e) {
  console.error(`Migration failed: ${(e as Error).message}`);
  process.exit(1);
}
