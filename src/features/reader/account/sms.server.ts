/**
 * Outgoing text messages: through a Twilio-compatible HTTP API when SMS_URL is set, else into
 * the outbox (the sms_outbox table and DATA_DIR/outbox/sms.log), which is where a self-hoster
 * without an SMS provider, and the tests, read the codes.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../../../server/config.ts';
import type { Db } from '../../../server/db/client.ts';
import { smsOutbox } from '../../../server/db/schema/account.ts';

export interface SmsSender {
  readonly kind: 'http' | 'outbox';
  /** Sends `text` to a phone number in E.164 (+8613812341234); `purpose` is kept with outbox texts (sms_login …). */
  send(phoneE164: string, text: string, purpose: string): Promise<void>;
}

/**
 * The provider could not be reached, or refused the message. The message is safe to log (phone
 * numbers in it are masked, credentials never appear).
 */
export class SmsError extends Error {
  override name = 'SmsError';
  constructor(
    message: string,
    /** The provider's HTTP status, when it answered. */
    readonly status?: number,
    /** Twilio's error code (https://www.twilio.com/docs/api/errors), when it sent one. */
    readonly providerCode?: number,
  ) {
    super(message);
  }

  /**
   * The provider refused this number (invalid, not a mobile, unsubscribed, unreachable region):
   * the visitor should check the number; any other SmsError is the service's fault.
   */
  get badNumber(): boolean {
    return this.providerCode !== undefined && BAD_NUMBER_CODES.has(this.providerCode);
  }
}

// Invalid 'To', region not enabled, unsubscribed recipient, unroutable, not a mobile number.
const BAD_NUMBER_CODES = new Set([21211, 21408, 21610, 21612, 21614]);

interface SmsSenderOptions {
  /** Base URL of a Twilio-compatible API (https://api.twilio.com); unset, texts go to the outbox. */
  smsUrl?: string | undefined;
  accountSid?: string | undefined;
  authToken?: string | undefined;
  /** A sender number, an alphanumeric sender ID, or a Messaging Service SID (MG…). */
  from?: string | undefined;
  db: Db;
  /** Where the outbox appends sms.log (DATA_DIR/outbox); unset, the table only. */
  outboxDir?: string | undefined;
  log?: (line: string) => void;
  /** How long to wait for the provider's answer. */
  timeoutMs?: number;
}

/**
 * The sender the configuration asks for. With `smsUrl` it needs the account SID, auth token and
 * sender, and throws a ConfigError naming the missing variables otherwise.
 * @example
 * const sms = createSmsSender({ smsUrl: c.SMS_URL, accountSid: c.SMS_ACCOUNT_SID, authToken: c.SMS_AUTH_TOKEN, from: c.SMS_FROM, db, outboxDir: path.join(c.dataDir, 'outbox'), log: console.log });
 * await sms.send('+8613812341234', 'Your Coinlens code is 123456', 'sms_login');
 */
export function createSmsSender(opts: SmsSenderOptions): SmsSender {
  const { smsUrl, accountSid, authToken, from, db, outboxDir, log = () => {}, timeoutMs = 10_000 } = opts;
  if (!smsUrl) return outboxSender(db, outboxDir, log);
  const missing = [
    ['SMS_ACCOUNT_SID', accountSid],
    ['SMS_AUTH_TOKEN', authToken],
    ['SMS_FROM', from],
  ]
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length > 0)
    throw new ConfigError(
      `SMS_URL is set, so ${missing.join(', ')} must be set too (or unset SMS_URL to keep texts in the outbox).`,
    );
  return httpSender(smsUrl, accountSid!, authToken!, from!, timeoutMs);
}

function httpSender(smsUrl: string, sid: string, token: string, from: string, timeoutMs: number): SmsSender {
  const endpoint = `${smsUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`;
  // Twilio takes a Messaging Service in its own field; a number or sender ID goes in From.
  const sender: [string, string] = /^MG[0-9a-f]{32}$/i.test(from) ? ['MessagingServiceSid', from] : ['From', from];
  return {
    kind: 'http',
    async send(phone, text) {
      assertE164(phone);
      let response: Response;
      let body: string;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams([['To', phone], sender, ['Body', text]]),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
        body = await response.text();
      } catch (e) {
        throw networkError(e as Error, timeoutMs);
      }
      if (response.ok) return;
      const reply = twilioError(body);
      const detail = reply.message ? `: ${maskPhones(reply.message)}` : '';
      const code = reply.code !== undefined ? ` (code ${reply.code})` : '';
      const status = response.status;
      if (status === 401 || status === 403)
        throw new SmsError(`SMS provider refused the credentials (HTTP ${status})${code}`, status, reply.code);
      if (status === 429)
        throw new SmsError(`SMS provider is limiting our requests (HTTP 429)${code}${detail}`, status, reply.code);
      if (status >= 500) throw new SmsError(`SMS provider failed (HTTP ${status})${code}${detail}`, status, reply.code);
      throw new SmsError(`SMS provider refused the message (HTTP ${status})${code}${detail}`, status, reply.code);
    },
  };
}

function outboxSender(db: Db, outboxDir: string | undefined, log: (line: string) => void): SmsSender {
  return {
    kind: 'outbox',
    async send(phone, text, purpose) {
      assertE164(phone);
      const [row] = await db
        .insert(smsOutbox)
        .values({ phone, text, purpose })
        .returning({ id: smsOutbox.id, createdAt: smsOutbox.createdAt });
      const where = [`table sms_outbox (id ${row!.id})`];
      if (outboxDir) {
        await mkdir(outboxDir, { recursive: true, mode: 0o700 });
        const file = path.join(outboxDir, 'sms.log');
        // One JSON object per line: a text with a line break still takes one line.
        const line = JSON.stringify({ at: row!.createdAt.toISOString(), id: row!.id, phone, purpose, text });
        await appendFile(file, `${line}\n`, { mode: 0o600 });
        where.push(file);
      }
      // The text holds a one-time code: the log says only where to find it.
      log(`[sms] no SMS_URL: ${purpose} text to ${maskPhone(phone)} not sent, kept in ${where.join(' and ')}`);
    },
  };
}

/**
 * A phone number for logs: the first two digits and the last four.
 * @example maskPhone('+8613812341234') // '+86*******1234'
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 6) return `+${'*'.repeat(Math.max(0, digits.length - 2))}${digits.slice(-2)}`;
  return `+${digits.slice(0, 2)}${'*'.repeat(digits.length - 6)}${digits.slice(-4)}`;
}

function maskPhones(text: string): string {
  return text.replace(/\+?\d{7,15}/g, (m) => maskPhone(m));
}

function assertE164(phone: string): void {
  // The caller normalises numbers; this keeps anything else out of the provider call and sms.log.
  if (!/^\+[1-9]\d{6,14}$/.test(phone))
    throw new TypeError('The phone number must be in E.164 form, such as +8613812341234.');
}

function twilioError(body: string): { code?: number; message?: string } {
  try {
    const json: unknown = JSON.parse(body);
    if (typeof json !== 'object' || json === null) return {};
    const { code, message } = json as Record<string, unknown>;
    return {
      ...(typeof code === 'number' ? { code } : {}),
      ...(typeof message === 'string' ? { message: message.slice(0, 300) } : {}),
    };
  } catch {
    return {};
  }
}

function networkError(e: Error, timeoutMs: number): SmsError {
  if (e.name === 'TimeoutError') return new SmsError(`SMS provider did not answer within ${timeoutMs} ms`);
  const cause = (e as Error & { cause?: { code?: unknown; message?: unknown } }).cause;
  const reason =
    typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : e.message;
  return new SmsError(`SMS provider unreachable: ${reason}`);
}
