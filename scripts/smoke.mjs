// A start-to-first-page check of the built server on a fresh data directory (used by CI under
// another Node version): starts, opens the home page and a coin, stops. A process warning on the
// way (a MaxListenersExceededWarning in the start log, say) fails it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, stopServer } from '../src/server/http/node/server.mjs';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-smoke-'));
process.env.DATA_DIR = dataDir;
const port = 4398;
const warnings = [];
process.on('warning', (w) => warnings.push(`${w.name}: ${w.message}`));
const server = await startServer({ port, host: '127.0.0.1' });
let failed = 0;
for (const [route, expect] of [
  ['/', 'Bitcoin'],
  ['/coin/bitcoin', 'BTC'],
  ['/exchange/list_1', '</table>'],
]) {
  const res = await fetch(`http://127.0.0.1:${port}${route}`);
  const ok = res.status === 200 && (await res.text()).includes(expect);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${route} ${res.status}`);
  if (!ok) failed++;
}
await stopServer(server);
fs.rmSync(dataDir, { recursive: true, force: true });
for (const w of warnings) console.log(`FAIL process warning: ${w}`);
console.log(`${3 - failed} passed, ${failed} failed, ${warnings.length} warnings`);
process.exit(failed || warnings.length ? 1 : 0);
