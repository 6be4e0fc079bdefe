/**
 * Outgoing mail: through SMTP when SMTP_URL is set, else into the outbox (the mail_outbox table
 * and an .eml file per mail), so a self-hosted site without a mail server still works and its
 * operator can read activation and reset links.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { NodemailerError, Transporter } from 'nodemailer';
import type { Db } from '../../../server/db/client.ts';
import { mailOutbox } from '../../../server/db/schema/account.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

/**
 * The SMTP server could not be reached or refused the mail. The message names the server (never
 * its credentials) and the reason, and is safe to log; it holds no part of the mail.
 */
export class MailError extends Error {
  override name = 'MailError';
  constructor(
    message: string,
    /** Nodemailer's code: ECONNECTION, ETIMEDOUT, EDNS, ETLS, EAUTH, EENVELOPE, EMESSAGE … */
    readonly code?: string,
    /** The SMTP reply code when the server answered (e.g. 550 for a refused recipient). */
    readonly responseCode?: number,
    /** The server refused this mail for good (5xx): sending it again will not help. */
    readonly permanent?: boolean,
  ) {
    super(message);
  }
}

interface MailerOptions {
  /** smtp://user:pass@host:port or smtps://…; unset, mails go to the outbox. */
  smtpUrl?: string | undefined;
  /** The From header, e.g. `Coinlens <no-reply@coinlens.example>`. */
  from: string;
  db: Db;
  /** Where the outbox writes .eml files (DATA_DIR/outbox); unset, the table only. */
  outboxDir?: string | undefined;
  log?: (line: string) => void;
}

/**
 * The mailer the configuration asks for.
 * @example
 * const mailer = createMailer({ smtpUrl: c.SMTP_URL, from: c.MAIL_FROM, db, outboxDir: path.join(c.dataDir, 'outbox'), log: console.log });
 * await mailer.send({ to: 'ann@example.com', subject: 'Activate your account', text, html });
 */
export function createMailer({ smtpUrl, from, db, outboxDir, log = () => {} }: MailerOptions): Mailer {
  return smtpUrl ? smtpMailer(smtpUrl, from) : outboxMailer(from, db, outboxDir, log);
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const server = serverName(smtpUrl);
  // One transport for the process: it opens a connection per mail, which suits our few mails.
  // Nodemailer loads on the first mail: most processes never send one.
  let transport: Promise<Transporter> | undefined;
  const transporter = () =>
    (transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport(
        {
          url: smtpUrl,
          // Nodemailer waits up to two minutes to connect by default; a request is waiting on this.
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
          dnsTimeout: 10_000,
          // Our mails carry no attachments; never let a field read a local file or fetch a URL.
          disableFileAccess: true,
          disableUrlAccess: true,
        },
        { from },
      ),
    ));
  return {
    kind: 'smtp',
    async send(mail) {
      try {
        await (await transporter()).sendMail(message(mail));
      } catch (e) {
        const err = e as NodemailerError & { permanent?: boolean };
        const code = typeof err.code === 'string' ? err.code : undefined;
        throw new MailError(
          `Mail via ${server} failed${code ? ` (${code})` : ''}: ${redactAddresses(err.message)}`,
          code,
          typeof err.responseCode === 'number' ? err.responseCode : undefined,
          typeof err.permanent === 'boolean' ? err.permanent : undefined,
        );
      }
    },
  };
}

/**
 * An SMTP reply as the log may keep it: the addresses in it masked ("550 <ann@example.com>:
 * mailbox unavailable" names the recipient; the log never holds an address, as PostgreSQL's does not).
 * @example redactAddresses('550 <ann@example.com>: unknown') // '550 <a***@example.com>: unknown'
 */
function redactAddresses(text: string): string {
  return text.replace(
    /([^\s<>"'(),;:@]+)@([^\s<>"'(),;:@]+)/g,
    (_, local: string, domain: string) => `${local.slice(0, 1)}***@${domain}`,
  );
}

function outboxMailer(from: string, db: Db, outboxDir: string | undefined, log: (line: string) => void): Mailer {
  // Nodemailer's stream transport builds the very MIME message SMTP would have carried.
  let composer: Promise<Transporter> | undefined;
  const compose = () =>
    (composer ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from }),
    ));
  return {
    kind: 'outbox',
    async send(mail) {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? null,
        })
        .returning({ id: mailOutbox.id, createdAt: mailOutbox.createdAt });
      const where = [`table mail_outbox (id ${row!.id})`];
      if (outboxDir) {
        const info = await (await compose()).sendMail(message(mail));
        await mkdir(outboxDir, { recursive: true, mode: 0o700 });
        // Colons are not allowed in Windows file names; the names still sort by time.
        const stamp = row!.createdAt.toISOString().replace(/:/g, '-');
        const file = path.join(outboxDir, `${stamp}-${row!.id}.eml`);
        await writeFile(file, info.message as Buffer, {
          mode: 0o600,
          flag: 'wx',
        });
        // The .eml is quoted-printable (links broken across lines); a person with a text editor
        // reads the .txt beside it.
        const txt = file.replace(/\.eml$/, '.txt');
        await writeFile(txt, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`, { mode: 0o600, flag: 'wx' });
        where.push(file, txt);
      }
      // The body holds one-time links: the log says only where to find it.
      log(`[mail] no SMTP_URL: mail not sent, kept in ${where.join(' and ')}`);
    },
  };
}

function message(mail: Mail) {
  return {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html !== undefined ? { html: mail.html } : {}),
  };
}

/** host:port of an SMTP URL, for messages (the URL itself may carry a password). */
function serverName(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    return `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? '465' : '587')}`;
  } catch {
    return 'the SMTP server';
  }
}
