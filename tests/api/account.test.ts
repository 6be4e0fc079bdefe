import { randomInt } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDelivery } from '../../src/server/accounts/delivery.ts';
import { activateEmail } from '../../src/server/accounts/links.ts';
import { createMailer } from '../../src/server/accounts/mail.ts';
import { appSecrets, sessions, smsOutbox, users, verificationTokens } from '../../src/server/db/schema/index.ts';
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts';
import { apiHarness, type Envelope } from './helpers.ts';

const { call, db } = apiHarness();
const V1 = '/api/new/v1';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  useDelivery(db(), { mailer: createMailer({ smtpUrl: smtp.url, from: 'Coinlens <no-reply@coinlens.test>', db: db() }) });
});
afterAll(async () => {
  await smtp?.close();
});

/** Every test its own peer address, so the coarse per-IP guard does not add up across tests. */
const anyIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const unique = () => randomInt(1e6, 1e7).toString(36);
/** A valid mainland China mobile number no other test uses. */
const newPhone = () => `+86138${String(randomInt(0, 1e8)).padStart(8, '0')}`;

type Signed = { token: string; user: Record<string, unknown> };

const post = <T = unknown,>(path: string, json: unknown, opts: { token?: string; ip?: string; lan?: string } = {}) =>
  call<T>('POST', `${V1}/${path}${opts.lan ? `?lan=${opts.lan}` : ''}`, { json, token: opts.token, ip: opts.ip ?? anyIp() });
const get = <T = unknown,>(path: string, opts: { token?: string; ip?: string } = {}) =>
  call<T>('GET', `${V1}/${path}`, { token: opts.token, ip: opts.ip ?? anyIp() });

async function lastSmsCode(phone: string): Promise<string> {
  const [row] = await db().select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
  const code = row?.text.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no SMS for ${phone}`);
  return code;
}

const taken = new Set<unknown>();
/** The next mail to `address` not read yet (tests do not read every mail they cause, so the queue is not theirs). */
async function mailFor(address: string, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = smtp.mails.find((m) => !taken.has(m) && (m.to && 'text' in m.to ? m.to.text : '').toLowerCase().includes(address.toLowerCase()));
    if (mail) {
      taken.add(mail);
      return mail;
    }
    if (Date.now() > until) throw new Error(`no mail to ${address}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The link in a mail, as the recipient would follow it. */
function linkIn(text: string | undefined, page: string): URL {
  const m = text?.match(new RegExp(`https?://\\S+${page}\\?token=[\\w-]+`));
  if (!m) throw new Error(`no ${page} link in: ${text}`);
  return new URL(m[0]);
}

async function registerByMail(over: Partial<{ userName: string; email: string; password: string }> = {}) {
  const id = unique();
  const input = { userName: `ann_${id}`, email: `ann.${id}@example.com`, password: 'correct horse', ...over };
  const res = await post<Signed>('register', input);
  return { ...input, res };
}

describe('register by e-mail, activate, log in', () => {
  it('registers, mails a working activation link, and signs in by user name or e-mail', async () => {
    const { userName, email, password, res } = await registerByMail();
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.msg).toBe('Successful registration, please go to email to activate');
    expect(res.body.data.token.split('.')).toHaveLength(3);
    expect(res.body.data.user).toMatchObject({ userName, email, emailVerified: false, phone: null, avatar: null });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password/i);

    const mail = await mailFor(email);
    const link = linkIn(mail.text, '/user/activate');
    expect(link.pathname).toBe('/en/user/activate');
    expect(link.origin).not.toContain('evil');
    const token = link.searchParams.get('token')!;

    // The link is stored only as a hash.
    const stored = await db().select({ h: verificationTokens.tokenHash }).from(verificationTokens).where(eq(verificationTokens.identifier, email));
    expect(stored.map((r) => r.h)).not.toContain(token);

    expect(await activateEmail(db(), token)).toEqual({ ok: true, userName });
    expect(await activateEmail(db(), token)).toEqual({ ok: false, reason: 'used' });
    expect(await activateEmail(db(), 'x'.repeat(43))).toEqual({ ok: false, reason: 'invalid' });

    for (const account of [userName, userName.toUpperCase(), email, email.toUpperCase()]) {
      const login = await post<Signed>('login', { account, password });
      expect(login.body.code, account).toBe(0);
      expect(login.body.data.user).toMatchObject({ userName, emailVerified: true });
      const me = await get<Record<string, unknown>>('getUser', { token: login.body.data.token });
      expect(me.body.data).toMatchObject({ userName, email });
      expect(Object.keys(me.body.data).sort()).toEqual(['avatar', 'colours', 'email', 'emailVerified', 'invitationCode', 'nickname', 'phone', 'updatedAt', 'userName']);
    }
  });

  it('keeps the password as an argon2id hash', async () => {
    const { userName } = await registerByMail();
    const [row] = await db().select({ h: users.passwordHash }).from(users).where(eq(users.username, userName));
    expect(row!.h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses taken user names and e-mails whatever their case', async () => {
    const first = await registerByMail();
    const again = await registerByMail({ userName: first.userName.toUpperCase() });
    expect(again.res.status).toBe(409);
    expect(again.res.body.msg).toBe('This user name is already taken.');
    const sameMail = await registerByMail({ email: first.email.toUpperCase() });
    expect(sameMail.res.status).toBe(409);
    expect(sameMail.res.body.msg).toBe('An account with this e-mail address already exists.');
  });

  it.each([
    [{ email: 'not-an-address' }, 'Email Error'],
    [{ password: '12345' }, 'The password must be 6 to 128 characters long.'],
    [{ password: 'x'.repeat(129) }, 'The password must be 6 to 128 characters long.'],
    [{ userName: 'a b' }, 'A user name is 3 to 20 letters, digits or underscores.'],
    [{ userName: 'demo_alice' }, 'This user name is reserved. Please choose another.'],
    [{ userName: 'Register' }, 'This user name is reserved. Please choose another.'],
  ])('refuses %j with its message and creates nothing', async (over, msg) => {
    const before = (await db().select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users))[0]!.n;
    const { res } = await registerByMail(over);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, data: null, msg });
    expect((await db().select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users))[0]!.n).toBe(before);
  });

  it('answers in the request language', async () => {
    const res = await post('register', { userName: `zh_${unique()}`, email: 'bad', password: 'secret1' }, { lan: 'zh' });
    expect(res.body.msg).toBe('邮箱错误');
    const ko = await post('login', 'nope', { lan: 'ko' });
    expect(ko.status).toBe(400);
  });

  it('refuses a body that is not a JSON object with the default message', async () => {
    for (const raw of ['not json', '[1,2]', 'null']) {
      const res = await call('POST', `${V1}/login`, { raw, ip: anyIp() });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('The entered data is invalid.');
    }
    const big = await call('POST', `${V1}/login`, { raw: JSON.stringify({ account: 'x'.repeat(20_000), password: 'y' }), ip: anyIp() });
    expect(big.status).toBe(413);
  });

  it('resends the activation mail to a signed-in unverified user only', async () => {
    const { res, email } = await registerByMail();
    await mailFor(email);
    // One mail a minute per address: the resend right after registering is limited.
    const soon = await get('sendMailByActive', { token: res.body.data.token });
    expect(soon.status).toBe(429);
    expect(soon.body.msg).toMatch(/try again in \d+ seconds?\./);
    await db().execute(sql`update auth_events set at = at - interval '2 minutes' where key like 'mail:%'`);
    const again = await get('sendMailByActive', { token: res.body.data.token });
    expect(again.body.code).toBe(0);
    const link = linkIn((await mailFor(email)).text, '/user/activate');
    expect((await activateEmail(db(), link.searchParams.get('token')!)).ok).toBe(true);
    await db().execute(sql`update auth_events set at = at - interval '2 minutes' where key like 'mail:%'`);
    const done = await get('sendMailByActive', { token: res.body.data.token });
    expect(done.status).toBe(400);
    expect(done.body.msg).toBe('This account is already activated.');
    expect((await get('sendMailByActive')).status).toBe(401);
  });
});

describe('login', () => {
  it('gives the same answer for a wrong password and an unknown account', async () => {
    const { userName } = await registerByMail();
    const wrong = await post('login', { account: userName, password: 'wrong password' });
    const unknown = await post('login', { account: `nobody_${unique()}`, password: 'wrong password' });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.msg).toBe('Wrong account or password.');
  });

  it('slows down repeated failures from one address with a growing wait, not a lockout', async () => {
    const { userName, password } = await registerByMail();
    const ip = anyIp();
    for (let i = 0; i < 5; i++) expect((await post('login', { account: userName, password: 'nope nope' }, { ip })).status).toBe(400);
    const limited = await post('login', { account: userName, password }, { ip });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(429);
    expect(limited.body.msg).toMatch(/Please try again in (1 second|([02-9]|\d\d+) seconds)\./);
    // Another address is not affected (20 failures from anywhere would be needed).
    expect((await post('login', { account: userName, password }, { ip: anyIp() })).body.code).toBe(0);
    // The wait ends by itself.
    await db().execute(sql`update auth_events set at = at - interval '20 minutes' where key like ${`login:${userName.toLowerCase()}%`}`);
    expect((await post('login', { account: userName, password }, { ip })).body.code).toBe(0);
  });

  it('limits one address that tries too many accounts', async () => {
    const ip = anyIp();
    let last: Envelope | undefined;
    for (let i = 0; i < 101; i++) last = (await post('login', { account: `x${i}_${unique()}`, password: 'whatever1' }, { ip })).body;
    expect(last!.code).toBe(429);
  }, 60_000);
});

describe('tokens and sessions', () => {
  async function signedIn() {
    const r = await registerByMail();
    return { ...r, token: r.res.body.data.token };
  }

  it('refuses requests without a valid bearer token, and never reads a cookie', async () => {
    const { token } = await signedIn();
    expect((await get('getUser')).status).toBe(401);
    expect((await get('getUser')).body.msg).toBe('Please log in first.');
    const viaCookie = await call('GET', `${V1}/getUser`, { headers: { cookie: `jwt=${token}` } });
    expect(viaCookie.status).toBe(401);
    expect((await get('getUser', { token: `${token}x` })).status).toBe(401);
  });

  it('refuses a token signed with another key and an unsigned one', async () => {
    const { token, userName } = await signedIn();
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('another key of at least thirty-two chars'));
    expect((await get('getUser', { token: forged })).status).toBe(401);
    const none = new UnsecuredJWT(claims).encode();
    expect((await get('getUser', { token: none })).status).toBe(401);
    // HS512 with the right key is refused too: the algorithm is pinned.
    const [secret] = await db().select().from(appSecrets).where(eq(appSecrets.name, 'jwt'));
    const otherAlg = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode(secret!.value));
    expect((await get('getUser', { token: otherAlg })).status).toBe(401);
    const sameAlg = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret!.value));
    expect((await get<{ userName: string }>('getUser', { token: sameAlg })).body.data.userName).toBe(userName);
  });

  it('logout revokes the session: the token stops working', async () => {
    const { token } = await signedIn();
    expect((await post('logout', {}, { token })).body.code).toBe(0);
    expect((await get('getUser', { token })).status).toBe(401);
    expect((await post('logout', {}, { token })).status).toBe(401);
  });

  it('a password change keeps this session and ends the others', async () => {
    const { token, userName, password } = await signedIn();
    const other = (await post<Signed>('login', { account: userName, password })).body.data.token;
    const wrong = await post('changePwd', { oldPassword: 'not it at all', newPassword: 'new secret' }, { token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('The current password is wrong.');
    const short = await post('changePwd', { oldPassword: password, newPassword: '123' }, { token });
    expect(short.body.msg).toBe('The password must be 6 to 128 characters long.');
    const changed = await post<{ token: string }>('changePwd', { oldPassword: password, newPassword: 'new secret' }, { token });
    expect(changed.body.code).toBe(0);
    expect(changed.body.data.token).toBe(token);
    expect((await get('getUser', { token })).body.code).toBe(0);
    expect((await get('getUser', { token: other })).status).toBe(401);
    expect((await post('login', { account: userName, password })).status).toBe(400);
    expect((await post('login', { account: userName, password: 'new secret' })).body.code).toBe(0);
  });

  it('sessions name the browser and expire after 90 days', async () => {
    const { userName } = await signedIn();
    const [s] = await db()
      .select({ expiresAt: sessions.expiresAt, createdAt: sessions.createdAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.username, userName));
    expect(Math.round((s!.expiresAt.getTime() - s!.createdAt.getTime()) / 86_400_000)).toBe(90);
  });
});

describe('phone: codes, registration, login, reset', () => {
  it('a retry inside the cooldown does not spend the address\'s hourly budget of texts', async () => {
    const ip = anyIp();
    const phone = newPhone();
    expect((await get(`sendSMS4Login?phone=${encodeURIComponent(phone)}`, { ip })).body.code).toBe(0);
    for (let i = 0; i < 40; i++) expect((await get(`sendSMS4Login?phone=${encodeURIComponent(phone)}`, { ip })).status).toBe(429);
    // Another phone from the same address still gets its code (30 texts an hour per address).
    expect((await get(`sendSMS4Login?phone=${encodeURIComponent(newPhone())}`, { ip })).body.code).toBe(0);
  });

  it('registers and logs in with SMS codes, each used once', async () => {
    const phone = newPhone();
    const ip = anyIp();
    const sent = await get(`sendSMS4Login?phone=${encodeURIComponent(phone)}`, { ip });
    expect(sent.body).toMatchObject({ code: 0, msg: 'The verification code has been sent.' });
    const code = await lastSmsCode(phone);
    const stored = await db().select({ h: verificationTokens.tokenHash }).from(verificationTokens).where(eq(verificationTokens.identifier, phone));
    expect(stored.some((r) => r.h.includes(code))).toBe(false);

    const reg = await post<Signed>('registerByPhone', { phone, code, password: 'phone pass' });
    expect(reg.body.code).toBe(0);
    expect(reg.body.data.user).toMatchObject({ phone });
    expect(String(reg.body.data.user.userName)).toMatch(/^user_/);
    const reused = await post('loginByPhone', { phone, code });
    expect(reused.status).toBe(400);
    expect(reused.body.msg).toBe('The verification code is incorrect.');

    // The cooldown: one text a minute per phone.
    const soon = await get(`sendSMS4Login?phone=${encodeURIComponent(phone)}`);
    expect(soon.status).toBe(429);
    await db().execute(sql`update auth_events set at = at - interval '2 minutes' where key = ${`sms:${phone}`}`);
    await get(`sendSMS4Login?phone=${encodeURIComponent(phone)}`);
    const login = await post<Signed>('loginByPhone', { phone, code: await lastSmsCode(phone) });
    expect(login.body.code).toBe(0);
    expect(login.body.data.user.userName).toBe(reg.body.data.user.userName);
  });

  it('normalises the number and refuses invalid ones with "Phone Number Error"', async () => {
    for (const bad of ['12345', '+86 123', 'abc', '']) {
      const res = await get(`sendSMS4Login?phone=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('Phone Number Error');
    }
    const phone = newPhone();
    const spaced = `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6, 10)}-${phone.slice(10)}`;
    expect((await get(`sendSMS4Login?phone=${encodeURIComponent(spaced)}`)).body.code).toBe(0);
    expect(await lastSmsCode(phone)).toMatch(/^\d{6}$/);
  });

  it('refuses expired codes and burns a code after five wrong tries', async () => {
    const phone = newPhone();
    await get(`sendSMS4Login?phone=${encodeURIComponent(phone)}`);
    const code = await lastSmsCode(phone);
    await db().execute(sql`update verification_tokens set expires_at = now() - interval '1 second' where identifier = ${phone}`);
    const expired = await post('registerByPhone', { phone, code, password: 'phone pass' });
    expect(expired.body.msg).toBe('The verification code has expired. Request a new one.');

    await db().execute(sql`update auth_events set at = at - interval '2 minutes' where key = ${`sms:${phone}`}`);
    await get(`sendSMS4Login?phone=${encodeURIComponent(phone)}`);
    const fresh = await lastSmsCode(phone);
    const wrongCode = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await post('loginByPhone', { phone, code: wrongCode })).body.msg).toBe('The verification code is incorrect.');
    expect((await post('loginByPhone', { phone, code: wrongCode })).body.msg).toBe('Too many wrong codes. Request a new one.');
    expect((await post('registerByPhone', { phone, code: fresh, password: 'phone pass' })).body.msg).toBe('The verification code is incorrect.');
    expect((await db().select().from(users).where(eq(users.phone, phone))).length).toBe(0);
  });

  it('resets a password by SMS code: same answer for unknown phones, no automatic sign-in, every session ends', async () => {
    const phone = newPhone();
    await get(`sendSMS4Login?phone=${encodeURIComponent(phone)}`);
    const reg = await post<Signed>('registerByPhone', { phone, code: await lastSmsCode(phone), password: 'phone pass' });
    await db().execute(sql`update auth_events set at = at - interval '2 minutes' where key = ${`sms:${phone}`}`);

    const unknown = newPhone();
    const a = await get(`sendSMS4ResetPwd?phone=${encodeURIComponent(unknown)}`);
    const b = await get(`sendSMS4ResetPwd?phone=${encodeURIComponent(phone)}`);
    expect(a.body).toEqual(b.body);
    expect((await db().select().from(smsOutbox).where(eq(smsOutbox.phone, unknown))).length).toBe(0);
    const code = await lastSmsCode(phone);
    const reset = await post('applyToResetPwdByPhone', { phone, code, password: 'brand new pass' });
    expect(reset.body).toEqual({ code: 0, data: null, msg: 'Your password has been reset. Please log in.' });
    expect((await get('getUser', { token: reg.body.data.token })).status).toBe(401);
    const name = String(reg.body.data.user.userName);
    expect((await post('login', { account: name, password: 'brand new pass' })).body.code).toBe(0);
  });
});

describe('reset by e-mail link', () => {
  it('mails a link that sets a new password once, ends every session and does not sign in', async () => {
    const { email, userName, res } = await registerByMail();
    await mailFor(email);
    await db().execute(sql`update auth_events set at = at - interval '2 minutes' where key = ${`mail:${email}`}`);
    const applied = await post('applyToResetPwd', { email: email.toUpperCase() });
    expect(applied.body.msg).toBe('If this address belongs to an account, we have sent it a link to reset the password.');
    const unknown = await post('applyToResetPwd', { email: `nobody.${unique()}@example.com` });
    expect(unknown.body).toEqual(applied.body);
    const link = linkIn((await mailFor(email)).text, '/user/reset');
    const token = link.searchParams.get('token')!;

    expect((await post('resetPwd', { token, password: '123' })).body.msg).toBe('The password must be 6 to 128 characters long.');
    const done = await post('resetPwd', { token, password: 'reset by link' });
    expect(done.body).toEqual({ code: 0, data: null, msg: 'Your password has been reset. Please log in.' });
    expect((await post('resetPwd', { token, password: 'again and again' })).body.msg).toBe('This link has already been used.');
    expect((await post('resetPwd', { token: 'A'.repeat(43), password: 'again and again' })).body.msg).toBe('This link is not valid.');
    expect((await get('getUser', { token: res.body.data.token })).status).toBe(401);
    const login = await post<Signed>('login', { account: userName, password: 'reset by link' });
    expect(login.body.data.user.emailVerified).toBe(true);
  });

  it('refuses an expired reset link', async () => {
    const { email } = await registerByMail();
    await mailFor(email);
    await db().execute(sql`update auth_events set at = at - interval '2 minutes' where key = ${`mail:${email}`}`);
    await post('applyToResetPwd', { email });
    const token = linkIn((await mailFor(email)).text, '/user/reset').searchParams.get('token')!;
    await db().execute(sql`update verification_tokens set expires_at = now() - interval '1 second' where purpose = 'reset' and identifier = ${email}`);
    expect((await post('resetPwd', { token, password: 'reset by link' })).body.msg).toBe('This link has expired. Request a new one.');
  });
});

describe('profile and binding', () => {
  async function signedIn() {
    const r = await registerByMail();
    return { ...r, token: r.res.body.data.token };
  }

  it('updates the nickname and user name, refusing taken names and bad input', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const res = await post<Record<string, unknown>>('updateUserInfo', { nickname: '  Ann Lee ' }, { token: a.token });
    expect(res.body.data).toMatchObject({ nickname: 'Ann Lee', userName: a.userName });
    expect((await post('updateUserInfo', { userName: b.userName.toUpperCase() }, { token: a.token })).status).toBe(409);
    expect((await post('updateUserInfo', { nickname: '<script>' }, { token: a.token })).status).toBe(400);
    expect((await post('updateUserInfo', {}, { token: a.token })).body.msg).toBe('Nothing to change.');
    const renamed = await post<Record<string, unknown>>('updateUserInfo', { userName: `new_${unique()}` }, { token: a.token });
    expect(renamed.body.code).toBe(0);
    expect((await post('updateUserInfo', { nickname: 'x' })).status).toBe(401);
  });

  it('binds a phone with its code, refusing a phone another account uses', async () => {
    const a = await signedIn();
    const phone = newPhone();
    expect((await get(`user/sendSMS4Binding?phone=${encodeURIComponent(phone)}`, { token: a.token })).body.code).toBe(0);
    const code = await lastSmsCode(phone);
    expect((await get(`user/bindingPhone?phone=${encodeURIComponent(phone)}&code=000001`, { token: a.token })).status).toBe(400);
    const bound = await get<Record<string, unknown>>(`user/bindingPhone?phone=${encodeURIComponent(phone)}&code=${code}`, { token: a.token });
    expect(bound.body.data).toMatchObject({ phone });
    const b = await signedIn();
    const taken = await get(`user/sendSMS4Binding?phone=${encodeURIComponent(phone)}`, { token: b.token });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('An account with this phone number already exists.');
  });

  it('binds a new e-mail with a mailed code: every session ends and a new one starts', async () => {
    const a = await signedIn();
    const email = `new.${unique()}@example.com`;
    expect((await get(`user/getMailCode?email=${encodeURIComponent(email)}`, { token: a.token })).body.code).toBe(0);
    const code = (await mailFor(email)).text?.match(/\d{6}/)?.[0];
    const bound = await get<Signed>(`user/bindingMail?email=${encodeURIComponent(email)}&code=${code}`, { token: a.token });
    expect(bound.body.data.user).toMatchObject({ email, emailVerified: true });
    expect((await get('getUser', { token: a.token })).status).toBe(401);
    expect((await get('getUser', { token: bound.body.data.token })).body.code).toBe(0);
  });
});

describe('avatar upload', () => {
  async function signedIn() {
    const r = await registerByMail();
    return r.res.body.data.token;
  }
  const form = (bytes: Uint8Array, name: string, type: string) => {
    const f = new FormData();
    f.set('file', new File([new Uint8Array(bytes)], name, { type }));
    return f;
  };

  it('accepts a real JPEG, re-encoded and served by content hash', async () => {
    const token = await signedIn();
    const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
    const res = await call<Record<string, string>>('POST', `${V1}/upload`, { form: form(jpeg, 'me.jpg', 'image/jpeg'), token, ip: anyIp() });
    expect(res.body.code).toBe(0);
    expect(res.body.data.avatar).toMatch(/^\/avatars\/[0-9a-f]{32}\.jpg$/);
  });

  it('refuses an SVG named .png, a GIF and a file over 2 MB, and keeps the old avatar', async () => {
    const token = await signedIn();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const bad = await call('POST', `${V1}/upload`, { form: form(svg, 'me.png', 'image/png'), token, ip: anyIp() });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Avatar pictures must be JPG or PNG images!');
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).gif().toBuffer();
    expect((await call('POST', `${V1}/upload`, { form: form(gif, 'a.jpg', 'image/jpeg'), token, ip: anyIp() })).status).toBe(400);
    const big = new Uint8Array(2 * 1024 * 1024 + 10);
    big.set([0xff, 0xd8, 0xff]);
    const tooBig = await call('POST', `${V1}/upload`, { form: form(big, 'big.jpg', 'image/jpeg'), token, ip: anyIp() });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.msg).toBe('The size of uploaded avatar pictures should not exceed 2MB!');
    expect((await call('POST', `${V1}/upload`, { form: form(big, 'big.jpg', 'image/jpeg'), ip: anyIp() })).status).toBe(401);
    const me = await get<{ avatar: string | null }>('getUser', { token });
    expect(me.body.data.avatar).toBeNull();
  });
});
