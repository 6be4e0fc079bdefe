// The e2e server: the built app on a fresh temporary data directory (first start seeds it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, stopServer } from '../../scripts/serve.mjs';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-e2e-'));
process.env.DATA_DIR = dataDir;
// The account specs read the codes and links the server wrote to its outbox (no SMTP_URL, no
// SMS_URL) from its database; this file tells them where it is (tests/e2e/outbox.ts).
const pointer = path.join(os.tmpdir(), `coinlens-e2e-${process.env.PORT}.datadir`);
fs.writeFileSync(pointer, dataDir);
const server = await startServer({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
const stop = async () => {
  await stopServer(server).catch(() => {});
  fs.rmSync(pointer, { force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
