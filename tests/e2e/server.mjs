// The e2e server: the built app on a fresh temporary data directory (first start seeds it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { startServer, stopServer } from '../../src/server/http/node/server.mjs';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-e2e-'));
process.env.DATA_DIR = dataDir;
// Every spec is one client (127.0.0.1) doing many people's searches and opening many people's
// live-price streams: the per-client limits would refuse them (scripts/serve-shed.test.ts and
// tests/api/stream-caps.test.ts test the limits themselves).
process.env.EXPENSIVE_BURST ??= '100000';
process.env.SSE_MAX_PER_CLIENT ??= '1000';

// A real SMTP server for the app's mails (the account specs read them back, as a person would
// read their inbox): every mail received is appended, parsed, to DATA_DIR/smtp-inbox.jsonl.
const inbox = path.join(dataDir, 'smtp-inbox.jsonl');
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, done) {
    simpleParser(stream)
      .then((mail) => {
        const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
        fs.appendFileSync(
          inbox,
          `${JSON.stringify({ to, subject: mail.subject ?? '', text: mail.text ?? '', at: new Date().toISOString() })}\n`,
        );
        done();
      })
      .catch(done);
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.server.address().port}`;
// The account specs read the mails from the SMTP server above and the texts the server wrote to
// its outbox (no SMS_URL) from its database; this file tells them where (tests/e2e/outbox.ts).
const pointer = path.join(os.tmpdir(), `coinlens-e2e-${process.env.PORT}.datadir`);
fs.writeFileSync(pointer, dataDir);
const server = await startServer({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
const stop = async () => {
  await stopServer(server).catch(() => {});
  await new Promise((resolve) => smtp.close(resolve));
  fs.rmSync(pointer, { force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
