import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDelivery } from './delivery.server.ts';
import { createMailer } from './mail.server.ts';
import { passkeys, users } from '../../../server/db/schema/index.ts';
import { startTestSmtp, type TestSmtp } from '../../../../tests/setup/smtp.ts';
import { siteOrigin } from '../../../server/config.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';
import { softAuthenticator } from '../../../../tests/api/webauthn.ts';

const { call, db } = apiHarness();
const V1 = '/api/new/v1';
/** The relying party: SITE_URL's origin, else the request's host (the API harness sends none: SITE_URL's default). */
const origin = () => siteOrigin();

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  useDelivery(db(), {
    mailer: createMailer({ smtpUrl: smtp.url, from: 'Coinlens <no-reply@coinlens.test>', db: db() }),
  });
});
afterAll(async () => {
  await smtp?.close();
});

const anyIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const unique = () => randomInt(1e6, 1e7).toString(36);
const PASSWORD = 'correct horse';
type Signed = { token: string; user: { userName: string } };
type Json = Record<string, unknown>;

const post = <T = unknown>(path: string, json: unknown, token?: string) =>
  call<T>('POST', `${V1}/${path}`, { json, token, ip: anyIp() });
const get = <T = unknown>(path: string, token?: string) => call<T>('GET', `${V1}/${path}`, { token, ip: anyIp() });

async function account() {
  const id = unique();
  const input = { userName: `pk_${id}`, email: `pk.${id}@example.com`, password: PASSWORD };
  const res = await post<Signed>('register', input);
  expect(res.body.code).toBe(0);
  return { ...input, token: res.body.data.token, device: softAuthenticator(origin()) };
}

/** Adds a passkey made by the account's authenticator; answers the list. */
async function addPasskey(a: Awaited<ReturnType<typeof account>>, name = 'My phone') {
  const options = await post<Json>('user/passkeys/options', { password: PASSWORD }, a.token);
  expect(options.body.code, options.body.msg).toBe(0);
  const res = await post<{ id: number; name: string }[]>(
    'user/passkeys',
    { response: a.device.create(options.body.data), name },
    a.token,
  );
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data;
}

async function signInWith(device: ReturnType<typeof softAuthenticator>, o: Parameters<typeof device.get>[2] = {}) {
  const options = await post<Json>('login/passkey/options', {});
  return post<Signed>('login/passkey', { response: device.get(options.body.data, undefined, o) });
}

describe('passkeys', () => {
  it('are added with the password, listed, told by e-mail, and sign in without a second code', async () => {
    const a = await account();
    const wrong = await post('user/passkeys/options', { password: 'nope' }, a.token);
    expect([wrong.status, wrong.body.msg]).toEqual([400, 'The current password is wrong.']);
    const options = await post<Json>('user/passkeys/options', { password: PASSWORD }, a.token);
    expect(options.body.data).toMatchObject({
      rp: { name: 'Coinlens', id: new URL(origin()).hostname },
      user: { name: a.userName },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    // The user handle is opaque: not the account's number or name.
    const handle = Buffer.from((options.body.data.user as { id: string }).id, 'base64url').toString('utf8');
    expect(handle).not.toContain(a.userName);
    const list = await post<{ id: number; name: string; synced: boolean }[]>(
      'user/passkeys',
      { response: a.device.create(options.body.data), name: ' My phone ' },
      a.token,
    );
    expect(list.body.msg).toBe('The passkey was added.');
    expect(list.body.data).toEqual([expect.objectContaining({ name: 'My phone', lastUsedAt: null, synced: false })]);
    expect((await get('user/passkeys', a.token)).body.data).toEqual(list.body.data);
    const mail = await waitForMail(a.email, /A passkey was added/);
    expect(mail).toContain('"My phone"');

    const signed = await signInWith(a.device);
    expect(signed.body.code, signed.body.msg).toBe(0);
    expect(signed.body.data.user.userName).toBe(a.userName);
    expect(signed.headers.get('set-cookie')).toMatch(/jwt=/);
    const [row] = await db()
      .select()
      .from(passkeys)
      .where(eq(passkeys.credentialId, a.device.credentials[0]!.id.toString('base64url')));
    expect(row).toMatchObject({ counter: 1 });
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('refuses what a look-alike site, an unverified reader, a replay or a cloned authenticator signs', async () => {
    const a = await account();
    await addPasskey(a);
    // The signed origin or relying party is another site's.
    expect((await signInWith(a.device, { origin: 'https://coinlens.example.evil' })).status).toBe(400);
    expect((await signInWith(a.device, { rpId: 'evil.example' })).status).toBe(400);
    // The device did not check the reader.
    expect((await signInWith(a.device, { verified: false })).status).toBe(400);
    // A signed answer is good once; and the options' challenge is ours only once.
    const options = await post<Json>('login/passkey/options', {});
    const answer = a.device.get(options.body.data);
    expect((await post('login/passkey', { response: answer })).body.code).toBe(0);
    expect((await post('login/passkey', { response: answer })).status).toBe(400);
    // A challenge we never issued.
    const made = a.device.get({ challenge: Buffer.alloc(32, 7).toString('base64url') });
    expect((await post('login/passkey', { response: made })).status).toBe(400);
    // A copy of the key shows a count at or below the last one seen.
    expect((await signInWith(a.device, { counter: 1 })).status).toBe(400);
    // The real device's count has gone on growing.
    expect((await signInWith(a.device, { counter: 10 })).body.code).toBe(0);
    // Shapes that are not a credential never reach the library.
    for (const response of [null, 'x', {}, { id: '../../', type: 'public-key', response: {} }, []])
      expect((await post('login/passkey', { response })).status).toBe(400);
  });

  it('answer the sign-in challenge of an account with two-factor sign-in, with its own passkeys only', async () => {
    const a = await account();
    const b = await account();
    await addPasskey(a);
    await addPasskey(b);
    const setup = await post<{ secret: string }>('user/twoFactor/setup', { password: PASSWORD }, a.token);
    const code = new TOTP({ secret: Secret.fromBase32(setup.body.data.secret) }).generate();
    expect((await post('user/twoFactor/enable', { code }, a.token)).body.code).toBe(0);

    const first = await post<{ secondFactor: { challenge: string; methods: string[] } }>('login', {
      account: a.userName,
      password: PASSWORD,
    });
    const { challenge, methods } = first.body.data.secondFactor;
    expect(methods).toEqual(['totp', 'recovery', 'passkey']);
    const options = await post<{ challenge: string; allowCredentials: { id: string }[] }>(
      'login/twoFactor/passkey/options',
      { challenge },
    );
    expect(options.body.data.challenge).toBe(challenge);
    expect(options.body.data.allowCredentials.map((c) => c.id)).toEqual([
      a.device.credentials[0]!.id.toString('base64url'),
    ]);
    // Bob's passkey on Ann's challenge: refused, and the challenge still stands.
    const bobs = await post('login/twoFactor/passkey', { challenge, response: b.device.get(options.body.data) });
    expect(bobs.status).toBe(400);
    const done = await post<Signed>('login/twoFactor/passkey', {
      challenge,
      response: a.device.get(options.body.data),
    });
    expect(done.body.code, done.body.msg).toBe(0);
    expect(done.body.data.user.userName).toBe(a.userName);
    // Used up.
    const again = await post('login/twoFactor/passkey', { challenge, response: a.device.get(options.body.data) });
    expect(again.status).toBe(401);
  });

  it('belong to their account: removing, registering and challenges of another account are refused', async () => {
    const a = await account();
    const b = await account();
    const [mine] = await addPasskey(a);
    // Bob cannot remove Ann's passkey, nor see it.
    const removed = await post('user/passkeys/remove', { id: mine!.id }, b.token);
    expect(removed.status).toBe(404);
    expect((await get<unknown[]>('user/passkeys', b.token)).body.data).toEqual([]);
    expect((await get<unknown[]>('user/passkeys', a.token)).body.data).toHaveLength(1);
    // Options Ann asked for cannot register a passkey on Bob's account.
    const annOptions = await post<Json>('user/passkeys/options', { password: PASSWORD }, a.token);
    const onBob = await post('user/passkeys', { response: b.device.create(annOptions.body.data), name: 'x' }, b.token);
    expect(onBob.status).toBe(400);
    // Visitors get nothing.
    for (const [method, path] of [
      ['GET', 'user/passkeys'],
      ['POST', 'user/passkeys/options'],
      ['POST', 'user/passkeys'],
      ['POST', 'user/passkeys/remove'],
    ] as const)
      expect(
        (await call(method, `${V1}/${path}`, { json: method === 'POST' ? {} : undefined, ip: anyIp() })).status,
      ).toBe(401);
    // Names are checked; a bad one changes nothing.
    const opts = await post<Json>('user/passkeys/options', { password: PASSWORD }, a.token);
    for (const name of ['', ' ', 'x'.repeat(41), '<b>', 'a\u0000b', 42])
      expect((await post('user/passkeys', { response: a.device.create(opts.body.data), name }, a.token)).status).toBe(
        400,
      );
    // Ann removes hers: it no longer signs in.
    const left = await post<unknown[]>('user/passkeys/remove', { id: mine!.id }, a.token);
    expect([left.body.msg, left.body.data]).toEqual(['The passkey was removed.', []]);
    expect((await signInWith(a.device)).status).toBe(400);
    await waitForMail(a.email, /A passkey was removed/);
    const [user] = await db().select().from(users).where(eq(users.username, a.userName));
    expect(await db().select().from(passkeys).where(eq(passkeys.userId, user!.id))).toEqual([]);
  });
});

const seen = new Set<unknown>();
async function waitForMail(address: string, subject: RegExp): Promise<string> {
  const until = Date.now() + 5000;
  for (;;) {
    const mail = smtp.mails.find(
      (m) =>
        !seen.has(m) &&
        subject.test(m.subject ?? '') &&
        (m.to && 'text' in m.to ? m.to.text : '').toLowerCase().includes(address.toLowerCase()),
    );
    if (mail) {
      seen.add(mail);
      return mail.text ?? '';
    }
    if (Date.now() > until) throw new Error(`no mail "${subject}" to ${address}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
