import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../../../../tests/setup/smtp.ts';
import { openTestDb } from '../../../../tests/setup/db.ts';
import type { DbHandle } from '../../../server/db/client.ts';
import { mailOutbox } from '../../../server/db/schema/account.ts';
import { createMailer, MailError } from './mail.server.ts';

const FROM = 'Coinlens <no-reply@coinlens.test>';
const mail = {
  to: 'ann@example.com',
  subject: 'Activate your Coinlens account',
  text: 'Open https://coinlens.test/activate?token=secret-token-123 within 24 hours.',
  html: '<p>Open <a href="https://coinlens.test/activate?token=secret-token-123">this link</a>.</p>',
};

let handle: DbHandle;
beforeAll(async () => {
  handle = await openTestDb();
});
afterAll(async () => {
  await handle?.close();
});

/** A port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('createMailer over SMTP', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('delivers text and HTML from the configured sender', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, db: handle.db });
    expect(mailer.kind).toBe('smtp');
    await mailer.send(mail);
    const got = await smtp.next();
    expect(got.to && !Array.isArray(got.to) ? got.to.text : got.to).toBe('ann@example.com');
    expect(got.from?.value[0]).toEqual({ name: 'Coinlens', address: 'no-reply@coinlens.test' });
    expect(got.subject).toBe(mail.subject);
    expect(got.text?.trim()).toBe(mail.text);
    expect(got.html).toBe(mail.html);
  });

  it('reuses its transport for later mails, and sends text-only mail without an HTML part', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, db: handle.db });
    await mailer.send({ to: 'bob@example.com', subject: 'One', text: 'first' });
    await mailer.send({ to: 'cyd@example.com', subject: 'Two', text: 'second' });
    const [one, two] = [await smtp.next(), await smtp.next()];
    expect([one.subject, two.subject]).toEqual(['One', 'Two']);
    expect(one.html).toBe(false);
  });

  it('hands next() a mail that arrived before it was asked for, once', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, db: handle.db });
    await mailer.send({ to: 'dee@example.com', subject: 'Early', text: 'x' });
    expect((await smtp.next()).subject).toBe('Early');
    await expect(smtp.next(200)).rejects.toThrow(/No mail arrived/);
  });

  it('logs in with the credentials of the URL', async () => {
    const secured = await startTestSmtp({ auth: { user: 'coinlens', pass: 'p@ss:word' } });
    try {
      await createMailer({ smtpUrl: secured.url, from: FROM, db: handle.db }).send(mail);
      expect((await secured.next()).subject).toBe(mail.subject);
    } finally {
      await secured.close();
    }
  });

  it('rejects with a MailError naming neither the password nor the mail when the login is refused', async () => {
    const secured = await startTestSmtp({ auth: { user: 'coinlens', pass: 'right-one' } });
    try {
      const url = secured.url.replace('right-one', 'wrong-one-xyz');
      const error = await createMailer({ smtpUrl: url, from: FROM, db: handle.db })
        .send(mail)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MailError);
      const e = error as MailError;
      expect(e.code).toBe('EAUTH');
      expect(e.message).toContain('127.0.0.1:');
      expect(e.message).not.toContain('wrong-one-xyz');
      expect(e.message).not.toContain('secret-token-123');
      expect(secured.mails).toHaveLength(0);
    } finally {
      await secured.close();
    }
  });

  it('rejects with a permanent MailError when the server refuses the recipient', async () => {
    const picky = await startTestSmtp({ refuse: (to) => to.endsWith('@nowhere.test') });
    try {
      const error = await createMailer({ smtpUrl: picky.url, from: FROM, db: handle.db })
        .send({ ...mail, to: 'ghost@nowhere.test' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MailError);
      expect((error as MailError).responseCode).toBe(550);
      expect((error as MailError).permanent).toBe(true);
      // The message goes to the log: the server's reply names the address, the message masks it.
      expect((error as MailError).message).toContain('g***@nowhere.test');
      expect((error as MailError).message).not.toContain('ghost');
    } finally {
      await picky.close();
    }
  });

  it('rejects with a MailError when the server cannot be reached', async () => {
    const port = await closedPort();
    const mailer = createMailer({ smtpUrl: `smtp://user:hunter2@127.0.0.1:${port}`, from: FROM, db: handle.db });
    const error = await mailer.send(mail).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailError);
    expect((error as MailError).message).toContain(`127.0.0.1:${port}`);
    expect((error as MailError).message).not.toContain('hunter2');
    expect((error as MailError).permanent).toBeUndefined();
  });
});

describe('createMailer without SMTP (the outbox)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'coinlens-mail-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the mail in mail_outbox and as a parseable .eml, and logs one line without the body', async () => {
    const outboxDir = path.join(dir, 'outbox');
    const lines: string[] = [];
    const mailer = createMailer({ from: FROM, db: handle.db, outboxDir, log: (l) => lines.push(l) });
    expect(mailer.kind).toBe('outbox');
    await mailer.send(mail);

    const rows = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, mail.to));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: mail.subject, text: mail.text, html: mail.html });

    const all = (await readdir(outboxDir)).sort();
    expect(all).toHaveLength(2);
    const files = all.filter((f) => f.endsWith('.eml'));
    // The plain-text twin for a person with a text editor: the link whole on one line.
    const txt = await readFile(path.join(outboxDir, all.find((f) => f.endsWith('.txt'))!), 'utf8');
    expect(txt).toBe(`To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
    expect(files[0]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d\\.\\d{3}Z-${rows[0]!.id}\\.eml$`));
    const file = path.join(outboxDir, files[0]!);
    expect((await stat(outboxDir)).mode & 0o777).toBe(0o700);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const parsed = await simpleParser(await readFile(file));
    expect(parsed.from?.value[0]).toEqual({ name: 'Coinlens', address: 'no-reply@coinlens.test' });
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : parsed.to).toBe(mail.to);
    expect(parsed.subject).toBe(mail.subject);
    expect(parsed.text?.trim()).toBe(mail.text);
    expect(parsed.html).toBe(mail.html);
    expect(parsed.messageId).toBeTruthy();

    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(file);
    expect(lines[0]).toContain(`mail_outbox (id ${rows[0]!.id})`);
    expect(lines[0]).not.toContain('secret-token-123');
  });

  it('keeps the mail in the table alone when it has no directory', async () => {
    const lines: string[] = [];
    await createMailer({ from: FROM, db: handle.db, log: (l) => lines.push(l) }).send({
      to: 'eve@example.com',
      subject: 'Plain',
      text: 'only text',
    });
    const rows = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'eve@example.com'));
    expect(rows).toMatchObject([{ subject: 'Plain', text: 'only text', html: null }]);
    expect(lines).toEqual([`[mail] no SMTP_URL: mail not sent, kept in table mail_outbox (id ${rows[0]!.id})`]);
  });
});
