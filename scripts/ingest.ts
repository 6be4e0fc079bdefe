// npm run ingest: the market and content sources as a separate worker (scale-out). It runs the configured
// SOURCES (LIVE is forced to `sources`) on the same database as the web processes, which should
// run with LIVE=off: they relay this worker's ticks through LISTEN/NOTIFY to their browsers.
// Only one worker per database runs the sources (the realtime leader lock); a second one waits
// and takes over when the first stops. Stops cleanly on SIGINT/SIGTERM.
import { boot } from '../src/server/boot.ts';
import { config } from '../src/server/config.ts';
import { startContent, startMarket, startSnapshots } from '../src/server/ingest/index.ts';
import { startRealtime, stopRealtime } from '../src/server/realtime/index.ts';

const c = config();
const booted = await boot({ role: 'tool', live: false, push: false, log: (line) => console.log(line) });
const hub = await startRealtime({ handle: booted.handle, live: 'off' });
await startMarket({ hub, db: booted.handle.db, config: { ...c, LIVE: 'sources' }, log: (line) => console.log(line) });
await startSnapshots({
  hub,
  db: booted.handle.db,
  config: { ...c, LIVE: 'sources' },
  log: (line) => console.log(line),
});
await startContent({ hub, db: booted.handle.db, config: { ...c, LIVE: 'sources' }, log: (line) => console.log(line) });
console.log(
  hub.isLeader ? '[ingest] running the sources' : '[ingest] another worker runs the sources; waiting to take over',
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await stopRealtime();
  await booted.shutdown();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
