import { randomInt } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDelivery } from './delivery.server.ts';
import { activateEmail } from './links.server.ts';
import { createMailer } from './mail.server.ts';
import { appSecrets, sessions, smsOutbox, users, verificationTokens } from '../../../server/db/schema/index.ts';
import { startTestSmtp, type TestSmtp } from '../../../../tests/setup/smtp.ts';
import { apiHarness, type Envelope } from '../../../../tests/api/helpers.ts';

const { call, db, handle } = apiHarness();
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

/** Every test its own peer address, so the coarse per-IP guard does not add up across tests. */
const anyIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const unique = () => randomInt(1e6, 1e7).toString(36);
/** A valid mainland China mobile number no other test uses. */
const newPhone = () => `+86138${String(randomInt(0, 1e8)).padStart(8, '0')}`;

type Signed = { token: string; user: Record<string, unknown> };

const post = <T = unknown>(path: string, json: unknown, opts: { token?: string; ip?: string; lan?: string } = {}) =>
  call<T>('POST', `${V1}/${path}${opts.lan ? `?lan=${opts.lan}` : ''}`, {
    json,
    token: opts.token,
    ip: opts.ip ?? anyIp(),
  });
const get = <T = unknown>(path: string, opts: { token?: string; ip?: string } = {}) =>
  call<T>('GET', `${V1}/${path}`, { token: opts.token, ip: opts.ip ?? anyIp() });

async function lastSmsCode(phone: string): Promise<string> {
  const [row] = await db()
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  const code = row?.text.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no SMS for ${phone}`);
  return code;
}

/** The next text of `purpose` to a phone, waited for (some are sent after the answer). */
async function nextSms(phone: string, purpose: string, timeoutMs = 5000): Promise<{ id: number; text: string }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = await db().select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id));
    const row = rows.find((r) => r.purpose === purpose && !taken.has(`sms:${r.id}`));
    if (row) {
      taken.add(`sms:${row.id}`);
      return row;
    }
    if (Date.now() > until) throw new Error(`no ${purpose} text to ${phone}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const taken = new Set<unknown>();
/** The next mail to `address` not read yet (tests do not read every mail they cause, so the queue is not theirs). */
async function mailFor(address: string, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = smtp.mails.find(
      (m) => !taken.has(m) && (m.to && 'text' in m.to ? m.to.text : '').toLowerCase().includes(address.toLowerCase()),
    );
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
    const stored = await db()
      .select({ h: verificationTokens.tokenHash })
      .from(verificationTokens)
      .where(eq(verificationTokens.identifier, email));
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
      expect(Object.keys(me.body.data).sort()).toEqual([
        'avatar',
        'colours',
        'email',
        'emailVerified',
        'invitationCode',
        'nickname',
        'phone',
        'twoFactor',
        'updatedAt',
        'userName',
      ]);
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
    const before = (
      await db()
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(users)
    )[0]!.n;
    const { res } = await registerByMail(over);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, data: null, msg });
    expect(
      (
        await db()
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(users)
      )[0]!.n,
    ).toBe(before);
  });

  it('answers in the request language', async () => {
    const res = await post(
      'register',
      { userName: `zh_${unique()}`, email: 'bad', password: 'secret1' },
      { lan: 'zh' },
    );
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
    const big = await call('POST', `${V1}/login`, {
      raw: JSON.stringify({ account: 'x'.repeat(20_000), password: 'y' }),
      ip: anyIp(),
    });
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
    for (let i = 0; i < 5; i++)
      expect((await post('login', { account: userName, password: 'nope nope' }, { ip })).status).toBe(400);
    const limited = await post('login', { account: userName, password }, { ip });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(429);
    expect(limited.body.msg).toMatch(/Please try again in (1 second|([02-9]|\d\d+) seconds)\./);
    // Another address is not affected (20 failures from anywhere would be needed).
    expect((await post('login', { account: userName, password }, { ip: anyIp() })).body.code).toBe(0);
    // The wait ends by itself.
    await db().execute(sql`update auth_events set at = at - interval '20 minutes' where key like 'login:user:%'`);
    expect((await post('login', { account: userName, password }, { ip })).body.code).toBe(0);
  });

  it('limits one address that tries too many accounts', async () => {
    const ip = anyIp();
    let last: Envelope | undefined;
    for (let i = 0; i < 101; i++)
      last = (await post('login', { account: `x${i}_${unique()}`, password: 'whatever1' }, { ip })).body;
    expect(last!.code).toBe(429);
  }, 60_000);
});

/** The Set-Cookie values of an answer, by cookie name. */
function setCookies(headers: Headers): Map<string, string> {
  return new Map(headers.getSetCookie().map((c) => [c.slice(0, c.indexOf('=')), c]));
}
const cookieValue = (setCookie: string | undefined) => setCookie?.slice(setCookie.indexOf('=') + 1).split(';')[0] ?? '';

describe('login: back-off that strangers cannot turn against the owner', () => {
  it('counts parallel wrong passwords one by one: of 60 at once from one address, five are evaluated', async () => {
    const { userName } = await registerByMail();
    const ip = anyIp();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => post('login', { account: userName, password: 'wrong password' }, { ip })),
    );
    const seconds = (Date.now() - started) / 1000;
    const statuses = answers.map((a) => a.status);
    // Five free failures, then waits of 1, 2, 4 … seconds after the last: on a machine slow
    // enough to take seconds for the burst, one slips in after each wait that ended meanwhile
    // (the old code evaluated all 60).
    const waitsOver = Array.from({ length: 8 }, (_, k) => 2 ** (k + 1) - 1).filter((t) => t <= seconds).length;
    expect(statuses.filter((s) => s === 400).length).toBeGreaterThanOrEqual(5);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(6 + waitsOver);
    expect(statuses.filter((s) => s !== 400).every((s) => s === 429)).toBe(true);
    const refused = answers.find((a) => a.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const after = Number(refused.headers.get('retry-after'));
    expect(refused.body.msg).toContain(`try again in ${after} ${after === 1 ? 'second' : 'seconds'}.`);
  }, 60_000);

  it('counts the account, not the name typed: failures by user name and by e-mail add up', async () => {
    const { userName, email, password } = await registerByMail();
    for (let i = 0; i < 20; i++)
      expect(
        (await post('login', { account: i % 2 ? userName : email.toUpperCase(), password: `wrong ${i}` })).status,
      ).toBe(400);
    const key = `login:user:${(await db().select({ id: users.id }).from(users).where(eq(users.username, userName)))[0]!.id}`;
    const counted = await db().execute(sql`select count(*)::int as n from auth_events where key = ${key}`);
    expect((counted as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(20);
    // Four failures more (16 s to wait; the first waits are a second or two, shorter than a slow
    // machine may take between two requests): a browser the account does not know waits, by either name.
    await db().execute(sql`insert into auth_events (key) select ${key} from generate_series(1, 4)`);
    for (const account of [userName, email]) {
      const res = await post('login', { account, password });
      expect(res.status, account).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  }, 60_000);

  it('a browser the account signed in from passes a stranger’s guesses with the right password; others, and forged or foreign device cookies, wait', async () => {
    const owner = await registerByMail();
    const ownerIp = anyIp();
    const first = await post('login', { account: owner.userName, password: owner.password }, { ip: ownerIp });
    const device = setCookies(first.headers).get('device');
    expect(device).toMatch(/; Path=\/api\/new\/v1\/login; Max-Age=\d+; SameSite=Lax; HttpOnly/);
    const ownerDevice = `device=${cookieValue(device)}`;
    // The stranger has an account of their own, and so a device cookie of their own.
    const stranger = await registerByMail();
    const strangerDevice = `device=${cookieValue(setCookies((await post('login', { account: stranger.userName, password: stranger.password })).headers).get('device'))}`;

    const guess = (i: number) =>
      call('POST', `${V1}/login`, {
        json: { account: i % 2 ? owner.email : owner.userName, password: `guess ${i}` },
        ip: anyIp(),
        headers: { cookie: strangerDevice },
      });
    // 20 guesses from 20 addresses, and five more (the account's back-off for unknown browsers is then half a minute).
    for (let i = 0; i < 20; i++) expect((await guess(i)).status).toBe(400);
    const key = `login:user:${(await db().select({ id: users.id }).from(users).where(eq(users.username, owner.userName)))[0]!.id}`;
    await db().execute(sql`insert into auth_events (key) select ${key} from generate_series(1, 5)`);
    const login = (cookie?: string) =>
      call('POST', `${V1}/login`, {
        json: { account: owner.userName, password: owner.password },
        ip: ownerIp,
        ...(cookie ? { headers: { cookie } } : {}),
      });
    expect((await login()).status).toBe(429);
    expect((await login(strangerDevice)).status).toBe(429);
    const forged = ownerDevice.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await login(forged)).status).toBe(429);
    // The owner's browser: in, at once, and again after the stranger's next guess.
    expect((await login(ownerDevice)).body.code).toBe(0);
    expect((await guess(99)).status).toBe(429);
    expect((await login(ownerDevice)).body.code).toBe(0);
    // Wrong passwords from the owner's browser are evaluated, and count for that browser only.
    const keys = async () =>
      (
        (await db().execute(
          sql`select key, count(*)::int as n from auth_events where key like 'login:%' group by key`,
        )) as unknown as { rows: { key: string; n: number }[] }
      ).rows;
    const before = await keys();
    for (let i = 0; i < 10; i++)
      expect(
        (
          await call('POST', `${V1}/login`, {
            json: { account: owner.userName, password: 'typo typo' },
            ip: ownerIp,
            headers: { cookie: ownerDevice },
          })
        ).status,
      ).toBe(400);
    const grown = (await keys()).filter((k) => k.n !== (before.find((b) => b.key === k.key)?.n ?? 0));
    expect(grown).toEqual([{ key: expect.stringMatching(/^login:device:[\w-]{16}$/), n: 10 }]);
  }, 90_000);
});

describe('device cookies and a new password', () => {
  it('a new password voids the device cookies issued before it: whoever signed in with the old one keeps no way past the back-off', async () => {
    const owner = await registerByMail();
    const ip = anyIp();
    const first = await post<Signed>('login', { account: owner.userName, password: owner.password }, { ip });
    const oldDevice = `device=${cookieValue(setCookies(first.headers).get('device'))}`;
    // The owner changes the password (a reset sets a new one too); this browser gets a new device cookie.
    const changed = await post(
      'changePwd',
      { oldPassword: owner.password, newPassword: 'brand new horse' },
      { token: first.body.data.token },
    );
    expect(changed.body.code).toBe(0);
    const newDevice = `device=${cookieValue(setCookies(changed.headers).get('device'))}`;
    expect(newDevice).not.toBe(oldDevice);
    // Strangers' guesses hold the account's back-off for browsers it does not know.
    const [{ id }] = (await db().select({ id: users.id }).from(users).where(eq(users.username, owner.userName))) as [
      { id: number },
    ];
    await db().execute(sql`insert into auth_events (key) select ${`login:user:${id}`} from generate_series(1, 25)`);
    const login = (cookie: string) =>
      call('POST', `${V1}/login`, {
        json: { account: owner.userName, password: 'brand new horse' },
        ip,
        headers: { cookie },
      });
    expect((await login(oldDevice)).status).toBe(429);
    expect((await login(newDevice)).body.code).toBe(0);
  });
});

describe('the browser’s session: an HttpOnly cookie, and a CSRF header for every call', () => {
  async function browserSignIn(headers: Record<string, string> = {}) {
    const { userName, password } = await registerByMail();
    const res = await call<Signed>('POST', `${V1}/login`, {
      json: { account: userName, password },
      ip: anyIp(),
      headers,
    });
    const set = setCookies(res.headers);
    const jwt = cookieValue(set.get('jwt'));
    const csrf = cookieValue(set.get('csrf'));
    return { userName, password, res, set, jwt, csrf, cookie: `jwt=${jwt}; csrf=${csrf}` };
  }

  it('sets the token HttpOnly and SameSite=Lax for 90 days, with a readable CSRF cookie; Secure on https', async () => {
    const { res, set, jwt, csrf } = await browserSignIn();
    expect(set.get('jwt')).toBe(`jwt=${jwt}; Path=/; Max-Age=${90 * 86_400}; SameSite=Lax; HttpOnly`);
    expect(jwt).toBe(res.body.data.token); // the same session an API client gets in the answer
    expect(set.get('csrf')).toBe(`csrf=${csrf}; Path=/; Max-Age=${90 * 86_400}; SameSite=Lax`);
    expect(csrf).toMatch(/^[\w-]{43}$/);
    const https = await browserSignIn({ 'x-forwarded-proto': 'https' });
    for (const name of ['__Host-jwt', '__Host-csrf', 'device']) expect(https.set.get(name), name).toMatch(/; Secure$/);
    expect([...https.set.keys()].sort()).toEqual(['__Host-csrf', '__Host-jwt', 'device']);
  });

  it('over https only the __Host- cookies count: a session a sibling subdomain planted (its own) is not taken, nor does a dead one push the reader’s out', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const reader = await browserSignIn(https);
    const jwt = cookieValue(reader.set.get('__Host-jwt'));
    const csrf = cookieValue(reader.set.get('__Host-csrf'));
    expect(jwt).toBe(reader.res.body.data.token);
    const me = (cookie: string, token: string) =>
      call<{ userName: string }>('GET', `${V1}/getUser`, {
        headers: { ...https, cookie, 'x-csrf-token': token },
        ip: anyIp(),
      });
    expect((await me(`__Host-jwt=${jwt}; __Host-csrf=${csrf}`, csrf)).body.data.userName).toBe(reader.userName);
    // Cookies for the whole domain, set by a sibling subdomain: another account's session and CSRF token.
    const planted = await browserSignIn(https);
    const plantedJwt = cookieValue(planted.set.get('__Host-jwt'));
    const plantedCsrf = cookieValue(planted.set.get('__Host-csrf'));
    expect((await me(`jwt=${plantedJwt}; csrf=${plantedCsrf}`, plantedCsrf)).status).toBe(401);
    // A dead one in front of the reader's: the reader stays signed in, and no cookie is removed.
    const shadowed = await me(`jwt=${'A'.repeat(40)}; __Host-jwt=${jwt}; __Host-csrf=${csrf}`, csrf);
    expect(shadowed.body.data.userName).toBe(reader.userName);
    expect(shadowed.headers.getSetCookie()).toEqual([]);
  });

  it('takes the cookie only with its CSRF header: reads and writes, GETs that change state included', async () => {
    const { cookie, csrf, userName } = await browserSignIn();
    const me = (headers: Record<string, string>) =>
      call<{ userName: string }>('GET', `${V1}/getUser`, { headers, ip: anyIp() });
    expect((await me({ cookie })).status).toBe(401);
    expect((await me({ cookie, 'x-csrf-token': 'A'.repeat(43) })).status).toBe(401);
    const other = await browserSignIn();
    expect((await me({ cookie, 'x-csrf-token': other.csrf })).status).toBe(401);
    const ok = await me({ cookie, 'x-csrf-token': csrf });
    expect(ok.body.data.userName).toBe(userName);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    // A cross-site form or text/plain post carries the cookie but no header: nothing changes.
    const forged = await call('POST', `${V1}/updateUserInfo`, {
      raw: JSON.stringify({ nickname: 'pwned' }),
      headers: { cookie, 'content-type': 'text/plain' },
      ip: anyIp(),
    });
    expect(forged.status).toBe(401);
    const link = await call('GET', `${V1}/user/bindingPhone?phone=%2B8613800138000&code=123456`, {
      headers: { cookie },
      ip: anyIp(),
    });
    expect(link.status).toBe(401);
    const saved = await call<{ nickname: string }>('POST', `${V1}/updateUserInfo`, {
      json: { nickname: 'mine' },
      headers: { cookie, 'x-csrf-token': csrf },
      ip: anyIp(),
    });
    expect(saved.body.data.nickname).toBe('mine');
    // A password change keeps the browser's session in its cookie: the answer names no token.
    const changed = await call<{ token: string | null }>('POST', `${V1}/changePwd`, {
      json: { oldPassword: 'correct horse', newPassword: 'another horse' },
      headers: { cookie, 'x-csrf-token': csrf },
      ip: anyIp(),
    });
    expect(changed.body).toMatchObject({ code: 0, data: { token: null } });
  });

  it('logout ends the session and removes both cookies; a cookie whose session ended is removed', async () => {
    const { cookie, csrf } = await browserSignIn();
    const out = await call('POST', `${V1}/logout`, {
      json: {},
      headers: { cookie, 'x-csrf-token': csrf },
      ip: anyIp(),
    });
    expect(out.body.code).toBe(0);
    const cleared = setCookies(out.headers);
    expect(cleared.get('jwt')).toBe('jwt=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly');
    expect(cleared.get('csrf')).toBe('csrf=; Path=/; Max-Age=0; SameSite=Lax');
    const after = await call('GET', `${V1}/getUser`, { headers: { cookie, 'x-csrf-token': csrf }, ip: anyIp() });
    expect(after.status).toBe(401);
    expect(setCookies(after.headers).get('jwt')).toMatch(/^jwt=; .*Max-Age=0/);
  });
});

describe('requests another site makes a browser send', () => {
  const evil = { origin: 'https://evil.example' };
  it('are refused, by Origin or Sec-Fetch-Site, before anything happens; this site’s own pass', async () => {
    const id = unique();
    const input = { userName: `x_${id}`, email: `x.${id}@example.com`, password: 'correct horse' };
    const byOrigin = await call('POST', `${V1}/register`, { json: input, headers: evil, ip: anyIp() });
    expect(byOrigin.status).toBe(403);
    expect(byOrigin.body.msg).toBe(
      'This request came from another website and was refused. Open Coinlens itself and try again.',
    );
    const phone = newPhone();
    const texted = await call('GET', `${V1}/sendSMS4Login?phone=${encodeURIComponent(phone)}`, {
      headers: { 'sec-fetch-site': 'cross-site' },
      ip: anyIp(),
    });
    expect(texted.status).toBe(403);
    expect(
      (
        await call('POST', `${V1}/login`, {
          json: { account: 'a', password: 'b' },
          headers: { 'sec-fetch-site': 'same-site' },
          ip: anyIp(),
        })
      ).status,
    ).toBe(403);
    expect((await db().select().from(users).where(eq(users.username, input.userName))).length).toBe(0);
    expect((await db().select().from(smsOutbox).where(eq(smsOutbox.phone, phone))).length).toBe(0);
    // The site's own pages: same origin.
    const own = await call('POST', `${V1}/register`, {
      json: input,
      headers: { host: 'coinlens.test', origin: 'http://coinlens.test', 'sec-fetch-site': 'same-origin' },
      ip: anyIp(),
    });
    expect(own.body.code).toBe(0);
  });

  it('a text/plain or form-encoded body is refused (browsers send those across sites without asking)', async () => {
    const id = unique();
    const raw = JSON.stringify({ userName: `y_${id}`, email: `y.${id}@example.com`, password: 'correct horse' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await call('POST', `${V1}/register`, { raw, headers: { 'content-type': type }, ip: anyIp() });
      expect(res.status, type).toBe(415);
      expect(res.body.msg).toBe('Send the data as JSON (Content-Type: application/json).');
    }
    expect(
      (
        await db()
          .select()
          .from(users)
          .where(eq(users.username, `y_${id}`))
      ).length,
    ).toBe(0);
  });
});

describe('tokens and sessions', () => {
  async function signedIn() {
    const r = await registerByMail();
    return { ...r, token: r.res.body.data.token };
  }

  it('refuses requests without a valid token; a session cookie alone (without its CSRF header) is not enough', async () => {
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
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another key of at least thirty-two chars'));
    expect((await get('getUser', { token: forged })).status).toBe(401);
    const none = new UnsecuredJWT(claims).encode();
    expect((await get('getUser', { token: none })).status).toBe(401);
    // HS512 with the right key is refused too: the algorithm is pinned.
    const [secret] = await db().select().from(appSecrets).where(eq(appSecrets.name, 'jwt'));
    const otherAlg = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(secret!.value));
    expect((await get('getUser', { token: otherAlg })).status).toBe(401);
    const sameAlg = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(secret!.value));
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
    const changed = await post<{ token: string }>(
      'changePwd',
      { oldPassword: password, newPassword: 'new secret' },
      { token },
    );
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
  it("a retry inside the cooldown does not spend the address's hourly budget of texts", async () => {
    const ip = anyIp();
    const phone = newPhone();
    expect((await get(`sendSMS4Login?phone=${encodeURIComponent(phone)}`, { ip })).body.code).toBe(0);
    for (let i = 0; i < 40; i++)
      expect((await get(`sendSMS4Login?phone=${encodeURIComponent(phone)}`, { ip })).status).toBe(429);
    // Another phone from the same address still gets its code (30 texts an hour per address).
    expect((await get(`sendSMS4Login?phone=${encodeURIComponent(newPhone())}`, { ip })).body.code).toBe(0);
  });

  it('registers and logs in with SMS codes, each used once', async () => {
    const phone = newPhone();
    const ip = anyIp();
    const sent = await get(`sendSMS4Login?phone=${encodeURIComponent(phone)}`, { ip });
    expect(sent.body).toMatchObject({ code: 0, msg: 'The verification code has been sent.' });
    const code = await lastSmsCode(phone);
    const stored = await db()
      .select({ h: verificationTokens.tokenHash })
      .from(verificationTokens)
      .where(eq(verificationTokens.identifier, phone));
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
    await db().execute(
      sql`update verification_tokens set expires_at = now() - interval '1 second' where identifier = ${phone}`,
    );
    const expired = await post('registerByPhone', { phone, code, password: 'phone pass' });
    expect(expired.body.msg).toBe('The verification code has expired. Request a new one.');

    await db().execute(sql`update auth_events set at = at - interval '2 minutes' where key = ${`sms:${phone}`}`);
    await get(`sendSMS4Login?phone=${encodeURIComponent(phone)}`);
    const fresh = await lastSmsCode(phone);
    const wrongCode = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++)
      expect((await post('loginByPhone', { phone, code: wrongCode })).body.msg).toBe(
        'The verification code is incorrect.',
      );
    expect((await post('loginByPhone', { phone, code: wrongCode })).body.msg).toBe(
      'Too many wrong codes. Request a new one.',
    );
    expect((await post('registerByPhone', { phone, code: fresh, password: 'phone pass' })).body.msg).toBe(
      'The verification code is incorrect.',
    );
    expect((await db().select().from(users).where(eq(users.phone, phone))).length).toBe(0);
  });

  it('resets a password by SMS code: same answer for unknown phones, no automatic sign-in, every session ends', async () => {
    const phone = newPhone();
    await get(`sendSMS4Login?phone=${encodeURIComponent(phone)}`);
    const reg = await post<Signed>('registerByPhone', {
      phone,
      code: await lastSmsCode(phone),
      password: 'phone pass',
    });
    await db().execute(sql`update auth_events set at = at - interval '2 minutes' where key = ${`sms:${phone}`}`);

    const unknown = newPhone();
    const a = await get(`sendSMS4ResetPwd?phone=${encodeURIComponent(unknown)}`);
    const b = await get(`sendSMS4ResetPwd?phone=${encodeURIComponent(phone)}`);
    expect(a.body).toEqual(b.body);
    const code = (await nextSms(phone, 'sms_reset')).text.match(/\d{6}/)![0];
    expect((await db().select().from(smsOutbox).where(eq(smsOutbox.phone, unknown))).length).toBe(0);
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
    expect(applied.body.msg).toBe(
      'If this address belongs to an account, we have sent it a link to reset the password.',
    );
    const unknown = await post('applyToResetPwd', { email: `nobody.${unique()}@example.com` });
    expect(unknown.body).toEqual(applied.body);
    const link = linkIn((await mailFor(email)).text, '/user/reset');
    const token = link.searchParams.get('token')!;

    expect((await post('resetPwd', { token, password: '123' })).body.msg).toBe(
      'The password must be 6 to 128 characters long.',
    );
    const done = await post('resetPwd', { token, password: 'reset by link' });
    expect(done.body).toEqual({ code: 0, data: null, msg: 'Your password has been reset. Please log in.' });
    expect((await post('resetPwd', { token, password: 'again and again' })).body.msg).toBe(
      'This link has already been used.',
    );
    expect((await post('resetPwd', { token: 'A'.repeat(43), password: 'again and again' })).body.msg).toBe(
      'This link is not valid.',
    );
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
    await db().execute(
      sql`update verification_tokens set expires_at = now() - interval '1 second' where purpose = 'reset' and identifier = ${email}`,
    );
    expect((await post('resetPwd', { token, password: 'reset by link' })).body.msg).toBe(
      'This link has expired. Request a new one.',
    );
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
    const renamed = await post<Record<string, unknown>>(
      'updateUserInfo',
      { userName: `new_${unique()}` },
      { token: a.token },
    );
    expect(renamed.body.code).toBe(0);
    expect((await post('updateUserInfo', { nickname: 'x' })).status).toBe(401);
  });

  it('binds a phone with the code this account asked for, refusing a phone another account uses; the old phone is told', async () => {
    const a = await signedIn();
    await mailFor(a.email); // the activation mail
    const phone = newPhone();
    expect((await get(`user/sendSMS4Binding?phone=${encodeURIComponent(phone)}`, { token: a.token })).body.code).toBe(
      0,
    );
    const code = await lastSmsCode(phone);
    // The code is A's: it binds nothing to B.
    const b = await signedIn();
    expect(
      (await get(`user/bindingPhone?phone=${encodeURIComponent(phone)}&code=${code}`, { token: b.token })).body.msg,
    ).toBe('The verification code is incorrect.');
    expect(
      (await get(`user/bindingPhone?phone=${encodeURIComponent(phone)}&code=000001`, { token: a.token })).status,
    ).toBe(400);
    const bound = await get<Record<string, unknown>>(
      `user/bindingPhone?phone=${encodeURIComponent(phone)}&code=${code}`,
      { token: a.token },
    );
    expect(bound.body.data).toMatchObject({ phone });

    // A second phone: the first one, and the account's e-mail, are told.
    const next = newPhone();
    await get(`user/sendSMS4Binding?phone=${encodeURIComponent(next)}`, { token: a.token });
    expect(
      (
        await get(`user/bindingPhone?phone=${encodeURIComponent(next)}&code=${await lastSmsCode(next)}`, {
          token: a.token,
        })
      ).body.code,
    ).toBe(0);
    const told = await nextSms(phone, 'notice');
    expect(told.text).toContain(`+86*******${next.slice(-4)}`);
    expect(told.text).not.toContain(next);
    const mail = await mailFor(a.email);
    expect(mail.subject).toBe('The phone number of your Coinlens account was changed');
  });

  it('binds a new e-mail with the code this account asked for: every session ends, the old address is told, reset links to it stop working', async () => {
    const a = await signedIn();
    await mailFor(a.email);
    // A reset link to the old address, asked before the change.
    await db().execute(sql`update auth_events set at = at - interval '2 minutes' where key = ${`mail:${a.email}`}`);
    await post('applyToResetPwd', { email: a.email });
    const oldLink = linkIn((await mailFor(a.email)).text, '/user/reset').searchParams.get('token')!;

    const email = `new.${unique()}@example.com`;
    expect((await get(`user/getMailCode?email=${encodeURIComponent(email)}`, { token: a.token })).body.code).toBe(0);
    const code = (await mailFor(email)).text?.match(/\d{6}/)?.[0];
    const b = await signedIn();
    expect(
      (await get(`user/bindingMail?email=${encodeURIComponent(email)}&code=${code}`, { token: b.token })).body.msg,
    ).toBe('The verification code is incorrect.');
    const bound = await get<Signed>(`user/bindingMail?email=${encodeURIComponent(email)}&code=${code}`, {
      token: a.token,
    });
    expect(bound.body.data.user).toMatchObject({ email, emailVerified: true });
    expect((await get('getUser', { token: a.token })).status).toBe(401);
    expect((await get('getUser', { token: bound.body.data.token })).body.code).toBe(0);

    const told = await mailFor(a.email);
    expect(told.subject).toBe('The e-mail address of your Coinlens account was changed');
    expect(told.text).toContain(`n***@example.com`);
    expect(told.text).not.toContain(email);
    const reset = await post('resetPwd', { token: oldLink, password: 'attacker pass' });
    expect(reset.status).toBe(400);
    expect((await post('login', { account: a.userName, password: 'attacker pass' })).status).toBe(400);
    expect((await post('login', { account: email, password: a.password })).body.code).toBe(0);
  });

  it('a stolen token alone cannot move the account: a new e-mail or phone needs the password confirmed within minutes', async () => {
    const a = await signedIn();
    // The thief's copy of the token: a session that began a while ago.
    await db().execute(
      sql`update sessions set created_at = now() - interval '11 minutes' where user_id = (select id from users where username = ${a.userName})`,
    );
    const email = `thief.${unique()}@example.com`;
    const phone = newPhone();
    for (const path of [
      `user/getMailCode?email=${encodeURIComponent(email)}`,
      `user/sendSMS4Binding?phone=${encodeURIComponent(phone)}`,
      `user/bindingMail?email=${encodeURIComponent(email)}&code=123456`,
      `user/bindingPhone?phone=${encodeURIComponent(phone)}&code=123456`,
    ]) {
      const res = await get(path, { token: a.token });
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual({
        code: 4031,
        data: null,
        msg: 'For your security, confirm your current password before changing your e-mail address or phone number.',
      });
    }
    expect(smtp.mails.some((m) => (m.to && 'text' in m.to ? m.to.text : '').includes(email))).toBe(false);
    expect((await db().select().from(smsOutbox).where(eq(smsOutbox.phone, phone))).length).toBe(0);

    expect((await post('user/confirmPassword', { password: 'not the password' }, { token: a.token })).body.msg).toBe(
      'The current password is wrong.',
    );
    const confirmed = await post<Signed>('user/confirmPassword', { password: a.password }, { token: a.token });
    expect(confirmed.body).toMatchObject({ code: 0, msg: 'Password confirmed.' });
    // A new session; the old token (and any copy of it) ends.
    expect((await get('getUser', { token: a.token })).status).toBe(401);
    expect(
      (await get(`user/getMailCode?email=${encodeURIComponent(email)}`, { token: confirmed.body.data.token })).body
        .code,
    ).toBe(0);
  });
});

describe('what an account’s answers must not give away', () => {
  it('registerByPhone says a phone is taken only to whoever proves the phone with its code', async () => {
    const phone = newPhone();
    await get(`sendSMS4Login?phone=${encodeURIComponent(phone)}`);
    expect(
      (await post('registerByPhone', { phone, code: await lastSmsCode(phone), password: 'phone pass' })).body.code,
    ).toBe(0);
    const taken = await post('registerByPhone', { phone, code: '000000', password: 'Passw0rd!x' });
    const free = await post('registerByPhone', { phone: newPhone(), code: '000000', password: 'Passw0rd!x' });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual(free.body);
  });

  it('binding says a phone or address is taken only to whoever proves it with its code', async () => {
    const owner = await registerByMail();
    await mailFor(owner.email);
    const phone = newPhone();
    await get(`sendSMS4Login?phone=${encodeURIComponent(phone)}`);
    expect(
      (await post('registerByPhone', { phone, code: await lastSmsCode(phone), password: 'phone pass' })).body.code,
    ).toBe(0);
    await db().execute(
      sql`update auth_events set at = at - interval '2 minutes' where key in (${`sms:${phone}`}, ${`mail:${owner.email}`})`,
    );
    // Another account, freshly signed in, asks to bind them: the same answer as for free ones.
    const other = await registerByMail();
    const token = other.res.body.data.token;
    const ask = (path: string) => get(path, { token }).then((r) => ({ status: r.status, body: r.body }));
    expect(await ask(`user/sendSMS4Binding?phone=${encodeURIComponent(phone)}`)).toEqual(
      await ask(`user/sendSMS4Binding?phone=${encodeURIComponent(newPhone())}`),
    );
    expect(await ask(`user/getMailCode?email=${encodeURIComponent(owner.email)}`)).toEqual(
      await ask(`user/getMailCode?email=${encodeURIComponent(`free.${unique()}@example.com`)}`),
    );
    // Proven with the code, the answer says so, and nothing changes hands.
    const phoneTaken = await get(
      `user/bindingPhone?phone=${encodeURIComponent(phone)}&code=${await lastSmsCode(phone)}`,
      { token },
    );
    expect(phoneTaken.status).toBe(409);
    expect(phoneTaken.body.msg).toBe('An account with this phone number already exists.');
    const code = (await mailFor(owner.email)).text?.match(/\d{6}/)?.[0];
    const mailTaken = await get(`user/bindingMail?email=${encodeURIComponent(owner.email)}&code=${code}`, { token });
    expect(mailTaken.status).toBe(409);
    expect(mailTaken.body.code).toBe(4092);
  });

  it('applyToResetPwd answers before looking the address up: a slow mail server does not slow the answer for a real account', async () => {
    const { email } = await registerByMail();
    await mailFor(email);
    await db().execute(sql`update auth_events set at = at - interval '2 minutes' where key = ${`mail:${email}`}`);
    const real = createMailer({ smtpUrl: smtp.url, from: 'Coinlens <no-reply@coinlens.test>', db: db() });
    useDelivery(db(), {
      mailer: { kind: 'smtp', send: async (mail) => (await new Promise((r) => setTimeout(r, 1500)), real.send(mail)) },
    });
    try {
      const started = Date.now();
      const applied = await post('applyToResetPwd', { email });
      expect(Date.now() - started).toBeLessThan(1000);
      expect(applied.body.msg).toBe(
        'If this address belongs to an account, we have sent it a link to reset the password.',
      );
      expect(linkIn((await mailFor(email)).text, '/user/reset').pathname).toBe('/en/user/reset');
    } finally {
      useDelivery(db(), { mailer: real });
    }
  });

  it('sends no code to premium-rate numbers', async () => {
    for (const phone of ['+449098790000', '+19005550100']) {
      const res = await get(`sendSMS4Login?phone=${encodeURIComponent(phone)}`);
      expect(res.status, phone).toBe(400);
      expect(res.body.msg).toBe('Phone Number Error');
      expect((await db().select().from(smsOutbox).where(eq(smsOutbox.phone, phone))).length).toBe(0);
    }
  });

  it('a taken name, address or phone is found before writing: PostgreSQL refuses no statement (its log would keep the address)', async () => {
    const first = await registerByMail();
    const pool = handle().pool;
    const refused: string[] = [];
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    (pool as unknown as { query: unknown }).query = (...args: unknown[]) =>
      query(...args).catch((e: { code?: string; detail?: string }) => {
        refused.push(`${e.code}: ${e.detail}`);
        throw e;
      });
    try {
      expect((await registerByMail({ email: first.email.toUpperCase() })).res.status).toBe(409);
      expect((await registerByMail({ userName: first.userName })).res.status).toBe(409);
      const second = await registerByMail();
      const token = second.res.body.data.token;
      expect((await post('updateUserInfo', { userName: first.userName.toUpperCase() }, { token })).status).toBe(409);
    } finally {
      (pool as unknown as { query: unknown }).query = query;
    }
    expect(refused).toEqual([]);
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
    const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3366cc' } })
      .jpeg()
      .toBuffer();
    const res = await call<Record<string, string>>('POST', `${V1}/upload`, {
      form: form(jpeg, 'me.jpg', 'image/jpeg'),
      token,
      ip: anyIp(),
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data.avatar).toMatch(/^\/avatars\/[0-9a-f]{32}\.jpg$/);
  });

  it('decodes a few pictures per account: of six sent at once, two are taken and the rest wait (429 with Retry-After)', async () => {
    const token = await signedIn();
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#cc3366' } })
      .jpeg()
      .toBuffer();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call('POST', `${V1}/upload`, { form: form(jpeg, 'me.jpg', 'image/jpeg'), token, ip: anyIp() }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429, 429, 429, 429]);
    for (const refused of answers.filter((a) => a.status === 429))
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is not held back.
    expect(
      (
        await call('POST', `${V1}/upload`, {
          form: form(jpeg, 'me.jpg', 'image/jpeg'),
          token: await signedIn(),
          ip: anyIp(),
        })
      ).status,
    ).toBe(200);
  });

  it('refuses an SVG named .png, a GIF and a file over 2 MB, and keeps the old avatar', async () => {
    const token = await signedIn();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const bad = await call('POST', `${V1}/upload`, { form: form(svg, 'me.png', 'image/png'), token, ip: anyIp() });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Avatar pictures must be JPG or PNG images!');
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(
      (await call('POST', `${V1}/upload`, { form: form(gif, 'a.jpg', 'image/jpeg'), token, ip: anyIp() })).status,
    ).toBe(400);
    const big = new Uint8Array(2 * 1024 * 1024 + 10);
    big.set([0xff, 0xd8, 0xff]);
    const tooBig = await call('POST', `${V1}/upload`, { form: form(big, 'big.jpg', 'image/jpeg'), token, ip: anyIp() });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.msg).toBe('The size of uploaded avatar pictures should not exceed 2MB!');
    expect((await call('POST', `${V1}/upload`, { form: form(big, 'big.jpg', 'image/jpeg'), ip: anyIp() })).status).toBe(
      401,
    );
    const me = await get<{ avatar: string | null }>('getUser', { token });
    expect(me.body.data.avatar).toBeNull();
  });
});
