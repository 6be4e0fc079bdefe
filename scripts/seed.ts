// npm run seed: replace the market data with a fresh deterministic demo data set. Safe while the
// server runs (one transaction); its pages show the new data within seconds.
import { boot } from '../src/server/boot.ts';
import { config } from '../src/server/config.ts';
import { clearIconFiles } from '../src/features/market/coins/icons.server.ts';
import { seedDemo } from '../src/server/seed/index.ts';

try {
  const { handle, shutdown } = await boot({ role: 'tool', seed: false, live: false });
  try {
    const started = Date.now();
    const summary = await seedDemo(handle.db);
    await clearIconFiles(config().dataDir);
    console.log(
      `Seeded demo data in ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary.coins} coins, ${summary.exchanges} exchanges, ` +
        `${summary.tickers} tickers, ${summary.klines} klines.`,
    );
  } finally {
    await shutdown();
  }
} catch (e) {
  const cause = (e as { cause?: Error }).cause;
  console.error(`Seeding failed: ${(e as Error).message}${cause ? ` (${cause.message})` : ''}`);
  process.exit(1);
}
