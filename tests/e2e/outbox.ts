/**
 * What the e2e server sent: mails through the SMTP server tests/e2e/server.mjs runs beside it
 * (received into the data directory), text messages to its outbox table (no SMS_URL).
 */
import fs from 'node:fs';
import path from 'node:path';
import { dataDir, query } from './db.ts';

async function poll<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await read();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`nothing in the outbox: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The newest code texted to `phone` (E.164) after `since`. */
export function smsCode(phone: string, since: Date): Promise<string> {
  return poll(async () => {
    const [row] = await query<{ text: string }>(
      'select text from sms_outbox where phone = $1 and created_at >= $2 order by id desc limit 1',
      [phone, since],
    );
    return row?.text.match(/\b\d{6}\b/)?.[0];
  }, `SMS to ${phone}`);
}

/**
 * The newest mail to `address` after `since`, as the e2e server's SMTP server received it
 * (tests/e2e/server.mjs); a server started elsewhere without SMTP_URL keeps its mails in the
 * mail_outbox table, which is read instead.
 */
export function mailTo(address: string, since: Date): Promise<{ subject: string; text: string }> {
  const inbox = path.join(dataDir(), 'smtp-inbox.jsonl');
  return poll(async () => {
    if (fs.existsSync(inbox)) {
      const mails = fs
        .readFileSync(inbox, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { to: string; subject: string; text: string; at: string });
      return mails.reverse().find((m) => m.to.toLowerCase().includes(address.toLowerCase()) && new Date(m.at) >= since);
    }
    const [row] = await query<{ subject: string; text: string }>(
      'select subject, text from mail_outbox where lower("to") like $1 and created_at >= $2 order by id desc limit 1',
      [`%${address.toLowerCase()}%`, since],
    );
    return row;
  }, `mail to ${address}`);
}

/** The first http(s) link in a text. */
export function linkIn(text: string): string {
  const m = text.match(/https?:\/\/\S+/);
  if (!m) throw new Error(`no link in: ${text}`);
  return m[0].replace(/[).,>]+$/, '');
}
