import { randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDelivery } from './delivery.server.ts';
import { createMailer } from './mail.server.ts';
import { recoveryCodes, sessions, smsOutbox, users } from '../../../server/db/schema/index.ts';
import { issueCode } from '../../../server/auth/codes.ts';
import { startTestSmtp, type TestSmtp } from '../../../../tests/setup/smtp.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';

const { call, db } = apiHarness();
const V1 = '/api/new/v1';

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

type Signed = { token: string; user: Record<string, unknown> };
type Challenge = { secondFactor: { challenge: string; methods: string[] } };

const post = <T = unknown>(path: string, json: unknown, opts: { token?: string; lan?: string } = {}) =>
  call<T>('POST', `${V1}/${path}${opts.lan ? `?lan=${opts.lan}` : ''}`, { json, token: opts.token, ip: anyIp() });
const get = <T = unknown>(path: string, token?: string) => call<T>('GET', `${V1}/${path}`, { token, ip: anyIp() });

/** The code an authenticator app shows for `secret`, `offset` seconds from now. */
const appCode = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 1000,
  });

const taken = new Set<unknown>();
async function mailFor(address: string, subject: RegExp, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = smtp.mails.find(
      (m) =>
        !taken.has(m) &&
        subject.test(m.subject ?? '') &&
        (m.to && 'text' in m.to ? m.to.text : '').toLowerCase().includes(address.toLowerCase()),
    );
    if (mail) {
      taken.add(mail);
      return mail;
    }
    if (Date.now() > until) throw new Error(`no mail "${subject}" to ${address}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A registered account with two-factor sign-in on: its secret, recovery codes and a session. */
async function enrolled(lan?: string) {
  const id = unique();
  const account = { userName: `tf_${id}`, email: `tf.${id}@example.com` };
  const reg = await post<Signed>('register', { ...account, password: PASSWORD });
  expect(reg.body.code).toBe(0);
  const token = reg.body.data.token;
  const setup = await post<{ secret: string; uri: string; qr: string }>(
    'user/twoFactor/setup',
    { password: PASSWORD },
    { token },
  );
  expect(setup.body.code).toBe(0);
  const { secret } = setup.body.data;
  const on = await post<{ recoveryCodes: string[] }>(
    'user/twoFactor/enable',
    { code: appCode(secret) },
    { token, lan },
  );
  expect(on.body.code, on.body.msg).toBe(0);
  return {
    ...account,
    token,
    secret,
    codes: on.body.data.recoveryCodes,
    setup: setup.body.data,
    enableMsg: on.body.msg,
  };
}

async function challenge(account: string): Promise<string> {
  const res = await post<Challenge>('login', { account, password: PASSWORD });
  expect(res.body.code, res.body.msg).toBe(0);
  expect(res.body.data.secondFactor.methods).toEqual(['totp', 'recovery']);
  return res.body.data.secondFactor.challenge;
}

describe('two-factor sign-in', () => {
  it('enrols with the password and a confirming code, and tells the account by e-mail', async () => {
    const id = unique();
    const email = `tf.${id}@example.com`;
    const reg = await post<Signed>('register', { userName: `tf_${id}`, email, password: PASSWORD });
    const token = reg.body.data.token;
    expect((await get<{ enabled: boolean }>('user/twoFactor', token)).body.data).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    // The password first, and nothing changes with a wrong one.
    const wrong = await post('user/twoFactor/setup', { password: 'not it' }, { token });
    expect([wrong.status, wrong.body.msg]).toEqual([400, 'The current password is wrong.']);
    const setup = await post<{ secret: string; uri: string; qr: string }>(
      'user/twoFactor/setup',
      { password: PASSWORD },
      { token },
    );
    const { secret, uri, qr } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Coinlens:${encodeURIComponent(email)}?issuer=Coinlens&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qr).toMatch(/^<svg[^>]*>[\s\S]*<\/svg>$/);
    expect(qr).not.toMatch(/<script|on\w+=/i);
    // Stored encrypted: the users table alone does not hold the secret.
    const [row] = await db().select().from(users).where(eq(users.email, email));
    expect(row!.totpSecret).toMatch(/^v1\./);
    expect(row!.totpSecret).not.toContain(secret);
    expect(row!.totpEnabledAt).toBeNull();
    // Not on yet: signing in still needs the password only.
    expect((await post<Signed>('login', { account: email, password: PASSWORD })).body.data.token).toBeTruthy();

    const bad = await post('user/twoFactor/enable', { code: appCode(secret, 120) }, { token });
    expect([bad.status, bad.body.msg]).toEqual([
      400,
      'The code is incorrect or was already used. Enter the current code from your app, or a recovery code.',
    ]);
    const on = await post<{ recoveryCodes: string[] }>('user/twoFactor/enable', { code: appCode(secret) }, { token });
    expect([on.body.code, on.body.msg]).toEqual([
      0,
      'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
    ]);
    const codes = on.body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Kept only as digests.
    const stored = await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, row!.id));
    expect(stored).toHaveLength(10);
    for (const s of stored) for (const c of codes) expect(s.codeHash).not.toContain(c.replace('-', ''));
    expect((await get('user/twoFactor', token)).body.data).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // Set up again while on: refused, the secret stays.
    const again = await post('user/twoFactor/setup', { password: PASSWORD }, { token });
    expect([again.status, again.body.msg]).toEqual([409, 'Two-factor sign-in is already on.']);
    const mail = await mailFor(email, /Two-factor sign-in is on/);
    expect(mail.text).toContain(`Hello tf_${id},`);
    expect(mail.text).not.toContain(secret);
  });

  it('stops a password sign-in at a challenge, and a code from the app (once) finishes it', async () => {
    const { userName, token, secret } = await enrolled();
    // The session that enrolled stays; the challenge sets no cookie and carries no token.
    expect((await get('getUser', token)).body.code).toBe(0);
    const res = await post<Challenge & { token?: string }>('login', { account: userName, password: PASSWORD });
    expect(res.body.data.token).toBeUndefined();
    expect(res.headers.get('set-cookie')).toBeNull();
    const ch = res.body.data.secondFactor.challenge;

    // The code that enabled it was used: not again, even within its 30 seconds.
    const reused = await post('login/twoFactor', { challenge: ch, code: appCode(secret) });
    expect(reused.status).toBe(400);
    const done = await post<Signed>('login/twoFactor', { challenge: ch, code: appCode(secret, 30) });
    expect(done.body.code, done.body.msg).toBe(0);
    expect(done.body.data.user.userName).toBe(userName);
    expect(done.headers.get('set-cookie')).toMatch(/jwt=/);
    expect((await get('getUser', done.body.data.token)).body.code).toBe(0);
    // A challenge is used once.
    const twice = await post('login/twoFactor', { challenge: ch, code: appCode(secret, 30) });
    expect([twice.status, twice.body.code]).toEqual([401, 4016]);
  });

  it('ends a challenge after five wrong codes and tells the owner, and refuses made-up challenges', async () => {
    const { userName, email, secret } = await enrolled();
    const ch = await challenge(userName);
    for (let i = 0; i < 4; i++)
      expect((await post('login/twoFactor', { challenge: ch, code: '000000' })).status).toBe(400);
    const fifth = await post('login/twoFactor', { challenge: ch, code: '000000' });
    expect([fifth.status, fifth.body.msg]).toEqual([
      401,
      'This sign-in has expired or had too many wrong codes. Please log in again.',
    ]);
    // Someone has the password: the owner hears of it.
    expect((await mailFor(email, /entered your Coinlens password but not the second code/)).text).toContain(
      'five wrong two-factor codes',
    );
    expect((await post('login/twoFactor', { challenge: ch, code: appCode(secret, 30) })).status).toBe(401);
    for (const bad of ['', 'x'.repeat(43), 42, null])
      expect((await post('login/twoFactor', { challenge: bad, code: appCode(secret) })).status).toBe(401);
    expect((await post('login/twoFactor', [])).status).toBe(400);
  });

  it('takes each recovery code once, and says so by e-mail', async () => {
    const { userName, email, codes, token } = await enrolled();
    const first = codes[0]!;
    const signed = await post<Signed>('login/twoFactor', {
      challenge: await challenge(userName),
      code: ` ${first.toUpperCase().replace('-', ' ')} `,
    });
    expect(signed.body.code, signed.body.msg).toBe(0);
    const mail = await mailFor(email, /recovery code was used/);
    expect(mail.text).toContain('9 unused codes are left');
    const again = await post('login/twoFactor', { challenge: await challenge(userName), code: first });
    expect(again.status).toBe(400);
    expect((await get('user/twoFactor', token)).body.data).toEqual({ enabled: true, recoveryCodesLeft: 9 });
  });

  it('asks a phone sign-in for the second factor too, and tells a phone-only account by text', async () => {
    const phone = `+86139${String(randomInt(0, 1e8)).padStart(8, '0')}`;
    await call('GET', `${V1}/sendSMS4Login?phone=${encodeURIComponent(phone)}`, { ip: anyIp() });
    const code = async () => {
      const [row] = await db()
        .select()
        .from(smsOutbox)
        .where(and(eq(smsOutbox.phone, phone), eq(smsOutbox.purpose, 'sms_login')))
        .orderBy(desc(smsOutbox.id))
        .limit(1);
      return row!.text.match(/\d{6}/)![0];
    };
    const reg = await post<Signed>('registerByPhone', { phone, code: await code(), password: PASSWORD });
    const token = reg.body.data.token;
    const setup = await post<{ secret: string }>('user/twoFactor/setup', { password: PASSWORD }, { token });
    const secret = setup.body.data.secret;
    expect((await post('user/twoFactor/enable', { code: appCode(secret) }, { token })).body.code).toBe(0);
    const [notice] = await db()
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.phone, phone))
      .orderBy(desc(smsOutbox.id))
      .limit(1);
    expect(notice).toMatchObject({ purpose: 'notice' });
    expect(notice!.text).toContain('Two-factor sign-in was turned on');

    // A second text within the number's cooldown would be refused: the code is issued as that route does.
    const byPhone = await post<Challenge>('loginByPhone', { phone, code: await issueCode(db(), 'sms_login', phone) });
    expect(byPhone.body.data.secondFactor.challenge).toMatch(/^[\w-]{43}$/);
    const done = await post<Signed>('login/twoFactor', {
      challenge: byPhone.body.data.secondFactor.challenge,
      code: appCode(secret, 30),
    });
    expect(done.body.code, done.body.msg).toBe(0);
  });

  it('turns off only with the password and a code, signs out other devices when turned on, and speaks the language', async () => {
    const { userName, email, token, secret, codes, enableMsg } = await enrolled('zh');
    expect(enableMsg).toBe('两步验证已开启。请把恢复码保存在安全的地方。');
    const other = await post<Signed>('login/twoFactor', {
      challenge: await challenge(userName),
      code: appCode(secret, 30),
    });
    const otherToken = other.body.data.token;
    for (const body of [
      { password: 'wrong one', code: codes[1] },
      { password: PASSWORD, code: '123456' },
      { password: PASSWORD },
    ]) {
      const res = await post('user/twoFactor/disable', body, { token: otherToken });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await get('user/twoFactor', token)).body.data).toMatchObject({ enabled: true });
    }
    const renewed = await post<{ recoveryCodes: string[] }>(
      'user/twoFactor/recoveryCodes',
      { password: PASSWORD, code: codes[2] },
      { token: otherToken, lan: 'ko' },
    );
    expect(renewed.body.msg).toBe('새 복구 코드가 만들어졌습니다. 이전 코드는 더 이상 쓸 수 없습니다.');
    expect(renewed.body.data.recoveryCodes.filter((c) => codes.includes(c))).toEqual([]);
    // In the language of the request that made the change.
    await mailFor(email, /새 복구 코드/);
    const off = await post(
      'user/twoFactor/disable',
      { password: PASSWORD, code: renewed.body.data.recoveryCodes[0] },
      {
        token: otherToken,
      },
    );
    expect([off.body.code, off.body.msg]).toEqual([0, 'Two-factor sign-in is off.']);
    await mailFor(email, /Two-factor sign-in is off/);
    expect((await post<Signed>('login', { account: userName, password: PASSWORD })).body.data.token).toBeTruthy();
    const [row] = await db().select().from(users).where(eq(users.email, email));
    expect([row!.totpSecret, row!.totpEnabledAt]).toEqual([null, null]);
    expect(await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, row!.id))).toEqual([]);
  });

  it('ends the other sessions when it is turned on', async () => {
    const id = unique();
    const input = { userName: `tf_${id}`, email: `tf.${id}@example.com`, password: PASSWORD };
    const first = (await post<Signed>('register', input)).body.data.token;
    const second = (await post<Signed>('login', { account: input.userName, password: PASSWORD })).body.data.token;
    const setup = await post<{ secret: string }>('user/twoFactor/setup', { password: PASSWORD }, { token: first });
    await post('user/twoFactor/enable', { code: appCode(setup.body.data.secret) }, { token: first });
    expect((await get('getUser', first)).body.code).toBe(0);
    expect((await get('getUser', second)).status).toBe(401);
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.username, input.userName));
    const live = await db().select().from(sessions).where(eq(sessions.userId, row!.id));
    expect(live.filter((s) => !s.revokedAt)).toHaveLength(1);
  });

  it('belongs to the signed-in account only: no session, no access; one account cannot use another’s codes', async () => {
    for (const [method, path] of [
      ['GET', 'user/twoFactor'],
      ['POST', 'user/twoFactor/setup'],
      ['POST', 'user/twoFactor/enable'],
      ['POST', 'user/twoFactor/disable'],
      ['POST', 'user/twoFactor/recoveryCodes'],
    ] as const) {
      const res = await call(method, `${V1}/${path}`, { json: method === 'POST' ? {} : undefined, ip: anyIp() });
      expect(res.status, path).toBe(401);
    }
    const ann = await enrolled();
    const bob = await enrolled();
    // Bob's session with Ann's code and recovery code: refused, Ann's stays on and keeps her codes.
    const res = await post('user/twoFactor/disable', { password: PASSWORD, code: ann.codes[0] }, { token: bob.token });
    expect(res.status).toBe(400);
    expect((await get('user/twoFactor', ann.token)).body.data).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // Ann's challenge answered with Bob's recovery code: refused.
    const ch = await challenge(ann.userName);
    expect((await post('login/twoFactor', { challenge: ch, code: bob.codes[0] })).status).toBe(400);
    expect((await get('user/twoFactor', bob.token)).body.data).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });
  it('counts parallel guesses on one challenge: of 12 at once, at most five are checked', async () => {
    const { userName } = await enrolled();
    const ch = await challenge(userName);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post('login/twoFactor', { challenge: ch, code: String(100000 + i) })),
    );
    expect(answers.filter((r) => r.status === 400).length).toBeLessThanOrEqual(5);
    expect(answers.every((r) => r.status === 400 || r.status === 401)).toBe(true);
  });

  it('keeps the owner’s challenge when someone else signs in; a new password ends the others', async () => {
    const { userName, token, secret } = await enrolled();
    const owners = await challenge(userName);
    const strangers = await challenge(userName);
    expect((await post<Signed>('login/twoFactor', { challenge: owners, code: appCode(secret, 30) })).body.code).toBe(0);
    const later = await challenge(userName);
    expect(
      (await post('changePwd', { oldPassword: PASSWORD, newPassword: 'another horse' }, { token })).body.code,
    ).toBe(0);
    for (const ch of [strangers, later])
      expect((await post('login/twoFactor', { challenge: ch, code: appCode(secret, -30) })).status).toBe(401);
  });

  it('asks for a code with the password before the account moves to a new e-mail or phone', async () => {
    const { token, codes } = await enrolled();
    expect((await get<{ twoFactor: boolean }>('getUser', token)).body.data.twoFactor).toBe(true);
    const bare = await post('user/confirmPassword', { password: PASSWORD }, { token });
    expect([bare.status, bare.body.code, bare.body.msg]).toEqual([
      400,
      4017,
      'Two-factor sign-in is on: enter a code from your app, or a recovery code, with your password.',
    ]);
    expect((await post('user/confirmPassword', { password: PASSWORD, code: '000000' }, { token })).status).toBe(400);
    const ok = await post<Signed>('user/confirmPassword', { password: PASSWORD, code: codes[3] }, { token });
    expect(ok.body.code, ok.body.msg).toBe(0);
  });
});
