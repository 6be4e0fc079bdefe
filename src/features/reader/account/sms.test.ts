import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/setup/db.ts';
import { ConfigError } from '../../../server/config.ts';
import type { DbHandle } from '../../../server/db/client.ts';
import { smsOutbox } from '../../../server/db/schema/account.ts';
import { createSmsSender, maskPhone, SmsError } from './sms.server.ts';

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'tok-secret-42';
const PHONE = '+8613812341234';

interface Seen {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
}

let handle: DbHandle;
beforeAll(async () => {
  handle = await openTestDb();
});
afterAll(async () => {
  await handle?.close();
});

describe('createSmsSender over HTTP (Twilio-compatible)', () => {
  let server: http.Server;
  let base: string;
  let seen: Seen[];
  let answer: (res: http.ServerResponse) => void;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({
          method: req.method,
          url: req.url,
          authorization: req.headers.authorization,
          contentType: req.headers['content-type'],
          form: new URLSearchParams(Buffer.concat(chunks).toString()),
        });
        answer(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    seen = [];
  });

  const json = (status: number, body: unknown) => (res: http.ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const sender = (extra: { from?: string; timeoutMs?: number; smsUrl?: string } = {}) =>
    createSmsSender({
      smsUrl: `${base}/`,
      accountSid: SID,
      authToken: TOKEN,
      from: '+15005550006',
      db: handle.db,
      ...extra,
    });
  const failure = (p: Promise<void>) =>
    p.then(
      () => expect.fail('the send should have failed'),
      (e: unknown) => e as SmsError,
    );

  it('posts To, From and Body as a form to the account Messages resource with Basic auth', async () => {
    answer = json(201, { sid: 'SM1', status: 'queued' });
    const sms = sender();
    expect(sms.kind).toBe('http');
    await sms.send(PHONE, 'Your Coinlens code is 123456', 'sms_login');
    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(req!.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(req!.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(req!.form)).toEqual({
      To: PHONE,
      From: '+15005550006',
      Body: 'Your Coinlens code is 123456',
    });
  });

  it('sends a Messaging Service SID as MessagingServiceSid instead of From', async () => {
    answer = json(201, { sid: 'SM2' });
    const service = 'MG0123456789abcdef0123456789abcdef';
    await sender({ from: service }).send(PHONE, 'hi', 'sms_bind');
    expect(Object.fromEntries(seen[0]!.form)).toEqual({ To: PHONE, MessagingServiceSid: service, Body: 'hi' });
  });

  it("carries Twilio's code and message on a 400, with phone numbers masked, and flags a bad number", async () => {
    answer = json(400, {
      code: 21211,
      message: "The 'To' number +8613812341234 is not a valid phone number.",
      status: 400,
    });
    const e = await failure(sender().send(PHONE, 'x', 'sms_login'));
    expect(e).toBeInstanceOf(SmsError);
    expect(e.status).toBe(400);
    expect(e.providerCode).toBe(21211);
    expect(e.badNumber).toBe(true);
    expect(e.message).toContain("The 'To' number +86*******1234 is not a valid phone number.");
    expect(e.message).not.toContain('13812341234');
  });

  it('says the credentials were refused on 401 and 403, without the token', async () => {
    for (const status of [401, 403]) {
      answer = json(status, { code: 20003, message: 'Authenticate', status });
      const e = await failure(sender().send(PHONE, 'x', 'sms_login'));
      expect(e.message).toMatch(/^SMS provider refused the credentials/);
      expect(e.message).not.toContain(TOKEN);
      expect([e.status, e.badNumber]).toEqual([status, false]);
    }
  });

  it('fails on 429 and 5xx, with or without a JSON body', async () => {
    answer = json(429, { code: 20429, message: 'Too Many Requests' });
    const limited = await failure(sender().send(PHONE, 'x', 'sms_login'));
    expect([limited.status, limited.providerCode]).toEqual([429, 20429]);
    answer = (res) => res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal error</h1>');
    const broken = await failure(sender().send(PHONE, 'x', 'sms_login'));
    expect(broken.message).toBe('SMS provider failed (HTTP 500)');
    expect([broken.status, broken.providerCode]).toEqual([500, undefined]);
  });

  it('fails when the provider cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const e = await failure(sender({ smsUrl: `http://127.0.0.1:${port}` }).send(PHONE, 'x', 'sms_login'));
    expect(e).toBeInstanceOf(SmsError);
    expect(e.message).toBe('SMS provider unreachable: ECONNREFUSED');
    expect(e.status).toBeUndefined();
  });

  it('gives up when the provider does not answer in time', async () => {
    answer = () => {}; // never answers
    const started = Date.now();
    const e = await failure(sender({ timeoutMs: 200 }).send(PHONE, 'x', 'sms_login'));
    expect(e.message).toBe('SMS provider did not answer within 200 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a number not in E.164 form before calling the provider', async () => {
    answer = json(201, {});
    await expect(sender().send('13812341234\n', 'x', 'sms_login')).rejects.toThrow(TypeError);
    expect(seen).toHaveLength(0);
  });
});

describe('createSmsSender configuration', () => {
  it('names every missing variable when SMS_URL is set without them', () => {
    expect(() => createSmsSender({ smsUrl: 'https://api.twilio.com', accountSid: SID, db: handle.db })).toThrow(
      new ConfigError(
        'SMS_URL is set, so SMS_AUTH_TOKEN, SMS_FROM must be set too (or unset SMS_URL to keep texts in the outbox).',
      ),
    );
    expect(() =>
      createSmsSender({
        smsUrl: 'https://api.twilio.com',
        accountSid: '',
        authToken: TOKEN,
        from: '+1500',
        db: handle.db,
      }),
    ).toThrow(/so SMS_ACCOUNT_SID must/);
  });
});

describe('createSmsSender without SMS_URL (the outbox)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'coinlens-sms-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps texts in sms_outbox and sms.log, and logs the masked number without the text', async () => {
    const outboxDir = path.join(dir, 'outbox');
    const lines: string[] = [];
    const sms = createSmsSender({ db: handle.db, outboxDir, log: (l) => lines.push(l) });
    expect(sms.kind).toBe('outbox');
    await sms.send(PHONE, 'Your Coinlens code is 654321', 'sms_register');
    await sms.send(PHONE, 'Code 111222\nline two', 'sms_reset');

    const rows = await handle.db.select().from(smsOutbox).where(eq(smsOutbox.phone, PHONE)).orderBy(smsOutbox.id);
    expect(rows.map((r) => [r.text, r.purpose])).toEqual([
      ['Your Coinlens code is 654321', 'sms_register'],
      ['Code 111222\nline two', 'sms_reset'],
    ]);

    const file = path.join(outboxDir, 'sms.log');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(outboxDir)).mode & 0o777).toBe(0o700);
    const logged = (await readFile(file, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged).toMatchObject([
      { id: rows[0]!.id, phone: PHONE, purpose: 'sms_register', text: 'Your Coinlens code is 654321' },
      { id: rows[1]!.id, phone: PHONE, purpose: 'sms_reset', text: 'Code 111222\nline two' },
    ]);

    expect(lines).toEqual([
      `[sms] no SMS_URL: sms_register text to +86*******1234 not sent, kept in table sms_outbox (id ${rows[0]!.id}) and ${file}`,
      `[sms] no SMS_URL: sms_reset text to +86*******1234 not sent, kept in table sms_outbox (id ${rows[1]!.id}) and ${file}`,
    ]);
  });

  it('keeps texts in the table alone when it has no directory', async () => {
    await createSmsSender({ db: handle.db }).send('+14155550100', 'code 9', 'sms_bind');
    const rows = await handle.db.select().from(smsOutbox).where(eq(smsOutbox.phone, '+14155550100'));
    expect(rows).toMatchObject([{ text: 'code 9', purpose: 'sms_bind' }]);
  });
});

describe('maskPhone', () => {
  it('keeps the first two digits and the last four', () => {
    expect(maskPhone('+8613812341234')).toBe('+86*******1234');
    expect(maskPhone('+14155550100')).toBe('+14*****0100');
    expect(maskPhone('+123456')).toBe('+****56');
  });
});
