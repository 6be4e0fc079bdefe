/**
 * Web Push: device registration (push/vapidKey, push/chrome_notificate) and the notifier of new
 * announcements against a fake push service on 127.0.0.1 (node:http) that decrypts every payload
 * with http_ece and the subscription's private key, and verifies the VAPID JWT with jose against
 * the server's public key, as a real push service would.
 */
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import ece from 'http_ece';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements, appSecrets, exchanges, pushDeliveries, pushDevices } from '../../../server/db/schema/index.ts';
import { notifyNewAnnouncements, PUSH_TTL_SECONDS, type PushMessage } from '../../../server/notify/push.ts';
import { ContentIngest } from '../../../server/ingest/content/run.ts';
import { readFileSync } from 'node:fs';
import { apiHarness } from '../../../../tests/api/helpers.ts';
import { signedInUser } from '../../../../tests/api/users.ts';

const { call, get, db } = apiHarness();

type User = { id: number; token: string };

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  message: PushMessage;
  jwt: { aud: unknown; sub: unknown; exp: unknown };
  k: string;
}

/** The fake push service: one path per device; `/gone…` answers 410, `/broken…` 500, the rest 201. */
const received: Received[] = [];
const devices = new Map<string, { ecdh: ECDH; auth: Buffer }>();
let server: http.Server;
let base = '';

async function verifyVapid(authorization: string | undefined, audience: string) {
  const m = /^vapid t=([^,]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`bad Authorization: ${authorization}`);
  const [, jwt, k] = m as unknown as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  expect(decodeProtectedHeader(jwt).alg).toBe('ES256');
  const { payload } = await jwtVerify(jwt, key, { algorithms: ['ES256'], audience });
  return { jwt: { aud: payload.aud, sub: payload.sub, exp: payload.exp }, k };
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      try {
        const path = req.url ?? '';
        if (path.startsWith('/gone')) return void res.writeHead(410).end();
        if (path.startsWith('/broken')) return void res.writeHead(500).end();
        const device = devices.get(path);
        if (!device) return void res.writeHead(404).end();
        const { jwt, k } = await verifyVapid(req.headers.authorization, base);
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: device.ecdh,
          authSecret: device.auth.toString('base64url'),
        });
        received.push({
          path,
          headers: req.headers,
          message: JSON.parse(plain.toString('utf8')) as PushMessage,
          jwt,
          k,
        });
        res.writeHead(201).end();
      } catch (e) {
        res.writeHead(400).end(String(e));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A browser's push subscription with a real P-256 key pair and auth secret, served by the fake service at `path`. */
function browserSubscription(path = `/push/${randomBytes(6).toString('hex')}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  devices.set(path, { ecdh, auth });
  return {
    path,
    subscription: {
      endpoint: base + path,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

const newIid = () => randomBytes(12).toString('base64url');
const notificate = (json: unknown, opts: { token?: string; lan?: string; ip?: string } = {}) =>
  call<{ iid: string; linked: boolean }>(
    'POST',
    `/api/new/v1/push/chrome_notificate${opts.lan ? `?lan=${opts.lan}` : ''}`,
    {
      json,
      token: opts.token,
      ip: opts.ip ?? `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  );
const deviceRow = async (iid: string) => (await db().select().from(pushDevices).where(eq(pushDevices.iid, iid)))[0];

/** Registers a device in a language and links it to the user. */
async function linkedDevice(u: User, lan = 'en', path?: string) {
  const iid = newIid();
  const { subscription, path: p } = browserSubscription(path);
  expect((await notificate({ event: 'add', iid, subscription }, { lan })).body.code).toBe(0);
  expect((await notificate({ event: 'login_in', iid }, { token: u.token })).body.data).toEqual({ iid, linked: true });
  return { iid, path: p };
}

describe('GET push/vapidKey', () => {
  it('answers one P-256 public key, generated once and kept in the database', async () => {
    const a = await get<{ publicKey: string }>('/api/new/v1/push/vapidKey');
    const b = await get<{ publicKey: string }>('/api/new/v1/push/vapidKey');
    expect(a.status).toBe(200);
    expect(Buffer.from(a.body.data.publicKey, 'base64url')).toHaveLength(65);
    expect(b.body.data.publicKey).toBe(a.body.data.publicKey);
    const [row] = await db().select().from(appSecrets).where(eq(appSecrets.name, 'vapid'));
    expect(JSON.parse(row!.value).publicKey).toBe(a.body.data.publicKey);
  });
});

describe('POST push/chrome_notificate', () => {
  it('add registers a device without an account, and refreshes it on repeat (keeping its user)', async () => {
    const iid = newIid();
    const first = browserSubscription();
    const res = await notificate({ event: 'add', iid, subscription: first.subscription }, { lan: 'zh' });
    expect([res.status, res.body]).toEqual([200, { code: 0, data: { iid, linked: false }, msg: 'success' }]);
    expect(await deviceRow(iid)).toMatchObject({ endpoint: first.subscription.endpoint, locale: 'zh', userId: null });
    const u = await signedInUser(db());
    await notificate({ event: 'login_in', iid }, { token: u.token });
    const second = browserSubscription();
    expect((await notificate({ event: 'add', iid, subscription: second.subscription })).body.data).toEqual({
      iid,
      linked: true,
    });
    expect(await deviceRow(iid)).toMatchObject({ endpoint: second.subscription.endpoint, userId: u.id, locale: 'en' });
    // Another id with the same endpoint (the browser lost its msgToken) replaces the old device.
    const again = newIid();
    await notificate({ event: 'add', iid: again, subscription: second.subscription });
    expect(await deviceRow(iid)).toBeUndefined();
    expect(await deviceRow(again)).toMatchObject({ userId: null });
  });

  it('refuses bad events, ids, subscriptions and endpoints, storing nothing', async () => {
    const iid = newIid();
    const { subscription } = browserSubscription();
    const cases: [unknown, string][] = [
      [{ event: 'nope', iid, subscription }, 'The event must be add, login_in or login_out.'],
      [
        { event: 'add', iid: 'short', subscription },
        'The device id (iid) must be 8 to 128 letters, digits, dashes or underscores.',
      ],
      [
        { event: 'add', iid: 'x'.repeat(129), subscription },
        'The device id (iid) must be 8 to 128 letters, digits, dashes or underscores.',
      ],
      [{ event: 'add', iid }, "Send the browser's push subscription: an endpoint and its p256dh and auth keys."],
      [
        { event: 'add', iid, subscription: { ...subscription, keys: { ...subscription.keys, p256dh: 'AAAA' } } },
        "Send the browser's push subscription: an endpoint and its p256dh and auth keys.",
      ],
      [
        {
          event: 'add',
          iid,
          subscription: { ...subscription, keys: { ...subscription.keys, auth: randomBytes(8).toString('base64url') } },
        },
        "Send the browser's push subscription: an endpoint and its p256dh and auth keys.",
      ],
      [
        { event: 'add', iid, subscription: { ...subscription, endpoint: 'https://evil.example/push/1' } },
        'This push endpoint is not accepted: it must be an https address of a browser push service.',
      ],
      [
        { event: 'add', iid, subscription: { ...subscription, endpoint: 'http://fcm.googleapis.com/fcm/send/x' } },
        'This push endpoint is not accepted: it must be an https address of a browser push service.',
      ],
      [
        {
          event: 'add',
          iid,
          subscription: { ...subscription, endpoint: 'https://fcm.googleapis.com:8443/fcm/send/x' },
        },
        'This push endpoint is not accepted: it must be an https address of a browser push service.',
      ],
      [
        {
          event: 'add',
          iid,
          subscription: { ...subscription, endpoint: `https://fcm.googleapis.com/${'x'.repeat(1100)}` },
        },
        'This push endpoint is not accepted: it must be an https address of a browser push service.',
      ],
      [[], 'The request body must be a JSON object.'],
    ];
    for (const [json, msg] of cases) {
      const res = await notificate(json);
      expect([JSON.stringify(json).slice(0, 80), res.status, res.body.msg]).toEqual([
        JSON.stringify(json).slice(0, 80),
        400,
        msg,
      ]);
    }
    expect(await deviceRow(iid)).toBeUndefined();
    const huge = await call('POST', '/api/new/v1/push/chrome_notificate', {
      raw: JSON.stringify({ event: 'add', iid, pad: 'x'.repeat(10_000) }),
    });
    expect(huge.status).toBe(413);
    expect((await notificate({ event: 'add', iid, subscription }, { lan: 'ko' })).body.msg).toBe('success');
    const ko = await notificate({ event: 'nope', iid }, { lan: 'ko' });
    expect(ko.body.msg).toMatch(/이벤트/);
  });

  it('login_in needs a signed-in user and a registered device; login_out unlinks only that device, even with a revoked token', async () => {
    const u = await signedInUser(db());
    const iid = newIid();
    expect((await notificate({ event: 'login_in', iid })).status).toBe(401);
    const unknown = await notificate({ event: 'login_in', iid }, { token: u.token });
    expect([unknown.status, unknown.body.msg]).toEqual([
      404,
      'This device is not registered for notifications. Register it (event add) first.',
    ]);
    await notificate({ event: 'add', iid, subscription: browserSubscription().subscription });
    expect((await notificate({ event: 'login_in', iid }, { token: 'not-a-real-token-but-long-enough' })).status).toBe(
      401,
    );
    expect(await deviceRow(iid)).toMatchObject({ userId: null });
    const other = await linkedDevice(u);
    await notificate({ event: 'login_in', iid }, { token: u.token });
    expect(await deviceRow(iid)).toMatchObject({ userId: u.id });
    // Logout revoked the session first: login_out still works, by iid, and touches nothing else.
    await call('POST', '/api/new/v1/logout', { token: u.token });
    expect((await notificate({ event: 'login_out', iid }, { token: u.token })).body).toMatchObject({
      code: 0,
      data: { iid, linked: false },
    });
    expect(await deviceRow(iid)).toMatchObject({ userId: null, linkedAt: null });
    expect(await deviceRow(other.iid)).toMatchObject({ userId: u.id });
    // Unknown ids: nothing to do, nothing changed.
    expect((await notificate({ event: 'login_out', iid: newIid() })).body.code).toBe(0);
  });

  it('limits registrations per address', async () => {
    const ip = '203.0.113.9';
    let last = 0;
    for (let i = 0; i < 61; i++)
      last = (
        await notificate({ event: 'add', iid: newIid(), subscription: browserSubscription().subscription }, { ip })
      ).status;
    expect(last).toBe(429);
  });
});

describe('notifyNewAnnouncements', () => {
  let exchange: { id: number; name: string; displayName: string };
  let otherExchange: { id: number; name: string };
  beforeAll(async () => {
    const rows = await db()
      .select({ id: exchanges.id, name: exchanges.name, displayName: exchanges.displayName })
      .from(exchanges)
      .orderBy(exchanges.rank)
      .limit(2);
    exchange = rows[0]!;
    otherExchange = rows[1]!;
  });

  let n = 0;
  async function announce(exchangeId: number, locale: 'en' | 'zh' = 'en', publishedAt = new Date()) {
    n++;
    const [row] = await db()
      .insert(announcements)
      .values({
        exchangeId,
        title: `Test listing ${n} (${locale})`,
        category: 'listing',
        url: `https://example.test/a/${randomBytes(6).toString('hex')}`,
        locale,
        publishedAt,
      })
      .returning({ id: announcements.id });
    return row!.id;
  }
  const subscribe = (u: User, names: string[]) =>
    call('POST', '/api/new/v2/stare/exchange/override', { json: { exchanges: names }, token: u.token });
  const to = (path: string) => received.filter((r) => r.path === path);
  const quiet = { log: () => {} };

  it('sends one encrypted, VAPID-signed notification per new announcement per device, once', async () => {
    const u = await signedInUser(db());
    const old = await announce(exchange.id); // stored before the subscription: never pushed
    await new Promise((r) => setTimeout(r, 5));
    await subscribe(u, [exchange.name]);
    const en = await linkedDevice(u, 'en');
    const zh = await linkedDevice(u, 'zh');
    const stranger = await linkedDevice(await signedInUser(db()), 'en');
    const enId = await announce(exchange.id, 'en');
    const zhId = await announce(exchange.id, 'zh');
    await announce(otherExchange.id, 'en'); // not subscribed
    await announce(exchange.id, 'en', new Date(Date.now() - 3 * 86_400_000)); // a backfilled old item

    const first = await notifyNewAnnouncements(db(), quiet);
    expect(first).toEqual({ sent: 2, gone: 0, failed: 0 });
    expect(to(en.path).map((r) => r.message)).toEqual([
      {
        title: exchange.displayName,
        body: `Test listing ${n - 3} (en)`,
        url: `/announcement/${enId}`,
        tag: `announcement-${enId}`,
      },
    ]);
    expect(to(zh.path).map((r) => r.message.url)).toEqual([`/zh/announcement/${zhId}`]); // opens in the device's language
    expect(to(stranger.path)).toEqual([]);
    expect(received.some((r) => r.message.url === `/announcement/${old}`)).toBe(false);

    const got = to(en.path)[0]!;
    const [vapid] = await db().select().from(appSecrets).where(eq(appSecrets.name, 'vapid'));
    expect(got.k).toBe(JSON.parse(vapid!.value).publicKey);
    expect(got.jwt.aud).toBe(base);
    expect(got.jwt.sub).toMatch(/^(mailto:|https:)/);
    expect(Number(got.jwt.exp)).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 3600);
    expect(got.headers).toMatchObject({
      ttl: String(PUSH_TTL_SECONDS),
      urgency: 'normal',
      'content-encoding': 'aes128gcm',
    });

    // Running again (or in another process at once) sends nothing new.
    const before = received.length;
    const [again, twin] = await Promise.all([notifyNewAnnouncements(db(), quiet), notifyNewAnnouncements(db(), quiet)]);
    expect([again, twin]).toEqual([
      { sent: 0, gone: 0, failed: 0 },
      { sent: 0, gone: 0, failed: 0 },
    ]);
    expect(received.length).toBe(before);
    // A later announcement: one more each.
    await announce(exchange.id, 'en');
    expect(await notifyNewAnnouncements(db(), quiet)).toEqual({ sent: 1, gone: 0, failed: 0 });
    expect(to(en.path)).toHaveLength(2);
    // Unsubscribed or signed out: nothing.
    await notificate({ event: 'login_out', iid: en.iid });
    await announce(exchange.id, 'en');
    expect(await notifyNewAnnouncements(db(), quiet)).toEqual({ sent: 0, gone: 0, failed: 0 });
  });

  it('deletes a device whose push service answers 410; logs other failures once, without retrying', async () => {
    const u = await signedInUser(db());
    await subscribe(u, [otherExchange.name]);
    const gone = await linkedDevice(u, 'en', `/gone/${randomBytes(4).toString('hex')}`);
    const broken = await linkedDevice(u, 'en', `/broken/${randomBytes(4).toString('hex')}`);
    const id = await announce(otherExchange.id, 'en');
    const lines: string[] = [];
    expect(await notifyNewAnnouncements(db(), { log: (l) => lines.push(l) })).toEqual({ sent: 0, gone: 1, failed: 1 });
    expect(await deviceRow(gone.iid)).toBeUndefined();
    expect(await deviceRow(broken.iid)).toBeDefined();
    expect(lines).toEqual([expect.stringMatching(new RegExp(`announcement ${id} .* failed: 500`))]);
    const [delivery] = await db().select().from(pushDeliveries).where(eq(pushDeliveries.iid, broken.iid));
    expect(delivery).toMatchObject({ announcementId: id, status: 'failed', httpStatus: 500 });
    expect(await notifyNewAnnouncements(db(), { log: (l) => lines.push(l) })).toEqual({ sent: 0, gone: 0, failed: 0 });
    expect(lines).toHaveLength(1);
  });

  it('an unreachable push service is a logged failure, not a crash', async () => {
    const u = await signedInUser(db());
    await subscribe(u, [otherExchange.name]);
    const iid = newIid();
    const { subscription } = browserSubscription();
    await notificate({
      event: 'add',
      iid,
      subscription: { ...subscription, endpoint: 'http://127.0.0.1:1/unreachable' },
    });
    await notificate({ event: 'login_in', iid }, { token: u.token });
    await announce(otherExchange.id, 'en');
    const lines: string[] = [];
    // (The 500 device of the test above is subscribed to this exchange too.)
    expect(await notifyNewAnnouncements(db(), { log: (l) => lines.push(l) })).toEqual({ sent: 0, gone: 0, failed: 2 });
    expect(lines.filter((l) => /127\.0\.0\.1:1 failed/.test(l))).toHaveLength(1);
    expect(await deviceRow(iid)).toBeDefined();
  });

  it('the seeded demo announcements notify no one', async () => {
    const u = await signedInUser(db());
    const all = await db()
      .selectDistinct({ name: exchanges.name })
      .from(exchanges)
      .innerJoin(announcements, eq(announcements.exchangeId, exchanges.id));
    await subscribe(
      u,
      all.map((e) => e.name),
    );
    const d = await linkedDevice(u, 'en');
    await notifyNewAnnouncements(db(), quiet);
    expect(to(d.path)).toEqual([]);
    const rows = await db()
      .select()
      .from(pushDeliveries)
      .where(inArray(pushDeliveries.iid, [d.iid]));
    expect(rows).toEqual([]);
  });

  it('an announcement the content ingest reads from an exchange reaches its subscriber once', async () => {
    const u = await signedInUser(db());
    await subscribe(u, ['okx']);
    const d = await linkedDevice(u, 'en');
    // OKX's endpoint, answered from its recorded answer; everything else (the push service) is real.
    // Its newest announcement published a minute ago: older ones are outside the push window.
    const recorded = JSON.parse(readFileSync('tests/fixtures/announcements/okx/en.json', 'utf8')) as {
      data: { details: { pTime: string; businessPTime?: string }[] }[];
    };
    const newest = recorded.data[0]!.details[0]!;
    newest.pTime = newest.businessPTime = String(Date.now() - 60_000);
    const okxAnswer = JSON.stringify(recorded);
    const fake: typeof fetch = async (input) =>
      String(input).includes('/api/v5/support/announcements')
        ? new Response(okxAnswer, { headers: { 'content-type': 'application/json' } })
        : new Response('{}', { status: 404 });
    const okx = {
      id: 'okx-announcements',
      name: 'OKX announcements',
      kind: 'announcements' as const,
      adapter: 'okx-announcements',
      locales: ['en' as const],
      url: 'https://www.okx.com',
      homepage: 'https://www.okx.com',
      licence: 'test',
      everyMinutes: 10,
      exchange: 'okx',
    };
    let clock = Date.now();
    const ingest = new ContentIngest({
      db: db(),
      sources: [okx],
      fetch: fake,
      now: () => clock,
      log: () => {},
      onAnnouncements: (x) => notifyNewAnnouncements(x, quiet),
    });
    const [first] = await ingest.runDue();
    expect(first).toMatchObject({ ok: true });
    expect(first!.stored).toBeGreaterThan(0);
    // Exactly one push: the new one; the older announcements stored with it notify no one.
    expect(to(d.path).map((r) => r.message.body)).toEqual(['OKX to list Virtuals Protocol (VIRTUAL) for spot trading']);
    const pushed = 1;
    clock += 11 * 60_000;
    const [second] = await ingest.runDue();
    expect(second).toMatchObject({ ok: true, stored: 0 });
    await notifyNewAnnouncements(db(), quiet);
    expect(to(d.path)).toHaveLength(pushed);
  });
});
