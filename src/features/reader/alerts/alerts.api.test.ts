import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coins, mailOutbox, priceAlerts, pushDevices, rates, users } from '../../../server/db/schema/index.ts';
import type { PushMessage, PushSender } from '../../../server/notify/push.ts';
import { startRealtime, stopRealtime } from '../../../server/realtime/index.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';
import { signedInUser } from '../../../../tests/api/users.ts';
import { alertDelivery, evaluateAlerts, type Deliver } from './alerts.server.ts';

const { call, db, handle } = apiHarness();
const A = '/api/new/v1/alerts';
type User = { id: number; token: string };
type Listed = { id: number; coin: { id: string }; kind: string; level: string; armed: boolean; fireCount: number };

const post = <T = unknown>(path: string, json: unknown, u?: User, lan = 'en') =>
  call<T>('POST', `${A}/${path}?lan=${lan}`, { json, token: u?.token });
const list = async (u: User) => (await call<Listed[]>('GET', `${A}/list`, { token: u.token })).body.data;
const mine = (u: User) => db().select().from(priceAlerts).where(eq(priceAlerts.userId, u.id));

let a: User;
let b: User;
let btc = 0;
beforeAll(async () => {
  a = await signedInUser(db());
  b = await signedInUser(db());
  const [row] = await db().select({ price: coins.price }).from(coins).where(eq(coins.id, 'bitcoin'));
  btc = Number(row!.price);
});
afterAll(async () => {
  await stopRealtime();
});

describe('price alerts API', () => {
  it('refuses every route without a session', async () => {
    for (const [m, path] of [
      ['GET', 'list'],
      ['POST', 'create'],
      ['POST', 'update'],
      ['POST', 'delete'],
    ] as const) {
      const r = await call(m, `${A}/${path}`, { json: m === 'POST' ? {} : undefined });
      expect([path, r.status]).toEqual([path, 401]);
    }
  });

  it('sets alerts with the level in dollars, armed unless already met', async () => {
    const above = await post<{ id: number }>(
      'create',
      { coin: 'BTC', kind: 'ABOVE', level: String(Math.round(btc * 2)) },
      a,
    );
    expect(above.body.code).toBe(0);
    // Already below a level far above the price: waits for a real crossing.
    await post('create', { coin: 'bitcoin', kind: 'BELOW', level: String(Math.round(btc * 2)) }, a);
    const [eur] = await db().select({ rate: rates.rate }).from(rates).where(eq(rates.symbol, 'EUR'));
    await post('create', { coin: 'ethereum', kind: 'ABOVE', level: '10000', currency: 'EUR' }, a);
    const stored = await mine(a);
    expect(stored.map((s) => [s.kind, s.armed])).toEqual([
      ['ABOVE', true],
      ['BELOW', false],
      ['ABOVE', true],
    ]);
    expect(Number(stored[2]!.level)).toBeCloseTo(10000 / Number(eur!.rate), 6);
    expect((await list(a)).map((l) => [l.coin.id, l.level])).toEqual([
      ['bitcoin', String(Math.round(btc * 2))],
      ['bitcoin', String(Math.round(btc * 2))],
      ['ethereum', '10000'],
    ]);
  });

  it('refuses bad alerts in the reader’s language and changes nothing', async () => {
    const before = await mine(a);
    for (const [bad, word] of [
      [{ coin: 'bitcoin', kind: 'ABOVE', level: '-5' }, 'greater than 0'],
      [{ coin: 'bitcoin', kind: 'SIDEWAYS', level: '5' }, 'price above'],
      [{ coin: 'nope-nope', kind: 'ABOVE', level: '5' }, 'No listed coin'],
      [{ coin: 'bitcoin', kind: 'CHANGE_24H', level: '5000' }, '1000 %'],
      [{ coin: 'bitcoin', kind: 'ABOVE', level: '5', push: false, email: false }, 'at least one'],
      [{ coin: 'bitcoin', kind: 'ABOVE', level: '5', email: true }, 'Confirm an e-mail'],
    ] as const) {
      const r = await post('create', bad, a);
      expect([r.status, r.body.msg.includes(word)]).toEqual([400, true]);
    }
    const zh = await post('create', { coin: 'bitcoin', kind: 'ABOVE', level: 'x' }, a, 'zh');
    expect(zh.body.msg).toBe('数值须为大于 0 的数字，最多 18 位小数。');
    expect(await mine(a)).toEqual(before);
  });

  it('lets no reader see, change or remove another reader’s alert', async () => {
    const [first] = await list(a);
    const before = await mine(a);
    expect((await post('update', { id: first!.id, coin: 'bitcoin', kind: 'BELOW', level: '1' }, b)).status).toBe(404);
    expect((await post('delete', { id: first!.id }, b)).status).toBe(404);
    expect(await list(b)).toEqual([]);
    expect(await mine(a)).toEqual(before);
  });

  it('notifies once per crossing while the price oscillates around the level', async () => {
    const u = await signedInUser(db());
    await post('create', { coin: 'solana', kind: 'ABOVE', level: '1000' }, u);
    const sent: number[] = [];
    const deliver: Deliver = async (_db, alert) => {
      sent.push(alert.id);
    };
    const round = async (price: number) => {
      const r = await evaluateAlerts(db(), [{ coinId: 'solana', price, change24h: 0, at: Date.now() }], deliver);
      await r.deliveries;
    };
    for (const price of [990, 1001, 999, 1002, 998, 1000.5, 995]) await round(price);
    expect(sent.length).toBe(1);
    await round(989); // 1.1 % back: ready again
    for (const price of [1003, 999.9, 1004]) await round(price);
    expect(sent.length).toBe(2);
    const [row] = await mine(u);
    expect([row!.fireCount, row!.armed]).toEqual([2, false]);
  });

  it('a confirmed address may have alerts by e-mail; a live round reaches them, a simulated one never', async () => {
    const u = await signedInUser(db());
    await db()
      .update(users)
      .set({ email: `al_${u.id}@example.com`, emailVerifiedAt: new Date() })
      .where(eq(users.id, u.id));
    expect(
      (await post('create', { coin: 'cardano', kind: 'BELOW', level: '0.0001', push: false, email: true }, u, 'ko'))
        .body.code,
    ).toBe(0);
    const hub = await startRealtime({ handle: handle(), live: 'off' });
    const seen: number[] = [];
    hub.onLiveRound(async (ticks) => {
      const r = await evaluateAlerts(db(), ticks);
      seen.push(...r.fired);
      await r.deliveries;
    });
    await hub.publish([{ coinId: 'cardano', price: 0.00005, change24h: -99, at: Date.now() }], true);
    expect(seen).toEqual([]);
    await hub.publish([{ coinId: 'cardano', price: 0.00005, change24h: -99, at: Date.now() }]);
    expect(seen.length).toBe(1);
    // Told in the language the alert was set in (ko here), at the address on the account.
    const mail = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, `al_${u.id}@example.com`));
    expect(mail.map((m) => m.subject)).toEqual(['ADA 가격 알림']);
    expect(mail[0]!.text).toMatch(/^ADA 가격이 \$0\.0001 아래로 내려갔습니다\. 현재 \$0\.00005/);
  });

  it('pushes the notice to each of the reader’s devices in the alert’s language; a device gone is removed', async () => {
    const u = await signedInUser(db());
    const device = (iid: string) => ({
      iid: `${iid}-${u.id}`,
      endpoint: `https://fcm.googleapis.com/fcm/send/${iid}-${u.id}`,
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
      userId: u.id,
      linkedAt: new Date(),
    });
    await db()
      .insert(pushDevices)
      .values([device('phone'), device('old'), device('down'), { ...device('other'), userId: b.id }]);
    await post('create', { coin: 'polkadot', kind: 'ABOVE', level: '1000000' }, u, 'zh');
    const sent: [string, PushMessage][] = [];
    // The push service knows the phone, has forgotten the old laptop and is down for the third.
    const sender: PushSender = {
      send: async (sub, message) => {
        sent.push([sub.endpoint.split('/').pop()!, message]);
        if (sub.endpoint.includes('/old-')) return { status: 410 };
        if (sub.endpoint.includes('/down-')) return { error: 'connect ECONNREFUSED' };
        return { status: 201 };
      },
    };
    const deliver = alertDelivery(sender);
    for (const price of [1_000_001, 999_000, 1_000_002]) {
      const r = await evaluateAlerts(db(), [{ coinId: 'polkadot', price, change24h: 5, at: Date.now() }], deliver);
      await r.deliveries;
    }
    // One crossing, one message per device of the owner's (none to another reader's), in Chinese,
    // opening the coin's Chinese page.
    expect(sent.map(([to]) => to).sort()).toEqual([`down-${u.id}`, `old-${u.id}`, `phone-${u.id}`]);
    const [, message] = sent[0]!;
    expect(message.title).toBe('DOT 价格提醒');
    expect(message.url).toBe('/zh/coin/polkadot');
    expect(message.body).toContain('$1,000,000');
    const left = await db().select({ iid: pushDevices.iid }).from(pushDevices).where(eq(pushDevices.userId, u.id));
    expect(left.map((d) => d.iid).sort()).toEqual([`down-${u.id}`, `phone-${u.id}`]);
  });
});
