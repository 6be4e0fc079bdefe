/**
 * A real SMTP server for tests, in-process on 127.0.0.1 (a free port): point SMTP_URL (or
 * createMailer's smtpUrl) at `url` and read what arrived, parsed by mailparser.
 *
 * @example
 * const smtp = await startTestSmtp();
 * const mailer = createMailer({ smtpUrl: smtp.url, from: 'Coinlens <no-reply@coinlens.test>', db });
 * await mailer.send({ to: 'ann@example.com', subject: 'Hi', text: 'Hello' });
 * expect((await smtp.next()).subject).toBe('Hi');
 * await smtp.close();
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type { ParsedMail } from 'mailparser';

export interface TestSmtpOptions {
  /** Require these credentials (the URL then carries them); without, any login or none is accepted. */
  auth?: { user: string; pass: string };
  /** Recipients the server refuses with 550, as a real server does for an unknown mailbox. */
  refuse?: (address: string) => boolean;
}

export interface TestSmtp {
  /** smtp://127.0.0.1:<port> (with user:pass@ when `auth` was given). */
  url: string;
  /** Every mail received, in order of arrival. */
  mails: ParsedMail[];
  /** The next mail not yet taken by next(): one already received, or the next to arrive. Rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startTestSmtp({ auth, refuse }: TestSmtpOptions = {}): Promise<TestSmtp> {
  const mails: ParsedMail[] = [];
  let taken = 0;
  const waiters: ((mail: ParsedMail) => void)[] = [];

  const server = new SMTPServer({
    logger: false,
    // close() waits this long for open connections; nodemailer quits after each mail anyway.
    closeTimeout: 1000,
    // Plain SMTP on loopback: no certificate to make, and nodemailer would try STARTTLS if offered.
    disabledCommands: ['STARTTLS'],
    authOptional: !auth,
    allowInsecureAuth: true,
    onAuth(login, _session, callback) {
      if (auth && (login.username !== auth.user || login.password !== auth.pass)) {
        return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      }
      return callback(null, { user: login.username });
    },
    onRcptTo(address, _session, callback) {
      if (refuse?.(address.address))
        return callback(Object.assign(new Error(`<${address.address}>: mailbox unavailable`), { responseCode: 550 }));
      return callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          const waiter = waiters.shift();
          if (waiter) {
            taken++;
            waiter(mail);
          }
          callback();
        },
        (e: Error) => callback(e),
      );
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  const credentials = auth ? `${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.pass)}@` : '';

  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    mails,
    next(timeoutMs = 5000) {
      if (taken < mails.length) return Promise.resolve(mails[taken++]!);
      return new Promise((resolve, reject) => {
        const waiter = (mail: ParsedMail) => {
          clearTimeout(timer);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`No mail arrived at the test SMTP server within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
