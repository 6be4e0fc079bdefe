// A Coinlens server process without HTTP, for the crash and locking tests: boots (embedded
// PostgreSQL, migrations, seed, live prices per the environment), prints READY, and shuts
// down on SIGTERM. Run with `node --import tsx`.
import { boot } from '../../src/server/boot.ts';

try {
  const booted = await boot({ role: 'server', log: () => {} });
  process.stdout.write(
    `READY ${JSON.stringify({ adopted: booted.embedded?.adopted ?? false, pid: booted.embedded?.pid() })}\n`,
  );
  process.on('SIGTERM', () => {
    void booted.shutdown().then(() => process.exit(0));
  });
} catch (e) {
  process.stderr.write(`FAILED ${(e as Error).name}: ${(e as Error).message}\n`);
  process.exit(3);
}
