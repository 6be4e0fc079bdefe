// npm run seed: replace the market data with a fresh deterministic demo data set.
import { configuredDatabase } from '../src/server/db/index.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { seedDemo } from '../src/server/seed/index.ts';

try {
  const handle = await openDatabase(configuredDatabase());
  const started = Date.now();
  const summary = await seedDemo(handle.db);
  await handle.close();
  console.log(
    `Seeded demo data in ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary.coins} coins, ${summary.exchanges} exchanges, ` +
      `${summary.tickers} tickers, ${summary.klines} klines.`,
  );
} catch (e) {
  console.error(`Seeding failed: ${(e as Error).message}`);
  process.exit(1);
}
