// A Coinlens server process for the crash suite (src/server/crash.test.ts): boots (embedded
// PostgreSQL unless DATABASE_URL), prints READY, then writes until it is killed, through the real
// API app and the real live-price module, in three loops at once: two of sign-up → favourites →
// review, one of price ticks. Each write is printed as `ACK <kind> …` only after it was answered
// with code 0 (a tick: after publish() resolved, i.e. after its transaction committed); any
// other answer prints `NACK …` and ends the process, since nothing here should be refused.
//
// Usage: node --import tsx tests/setup/writer-child.ts <cycle>
// Ticks carry made-up times one minute apart (cycle × 100,000 + n minutes after 2001-01-01), so
// every acknowledged tick owns its own 1-minute candle and can be found after the crash.
import { randomBytes } from 'node:crypto';
import { boot } from '../../src/server/boot.ts';
import { createApi } from '../../src/server/api/app.ts';
import { currentRealtime } from '../../src/server/realtime/index.ts';
import { signature } from '../../src/lib/signature.ts';

const TICK_EPOCH = Date.UTC(2001, 0, 1);
const TICKS_PER_CYCLE = 100_000;

const cycle = Number(process.argv[2] ?? 0);
const say = (line: string) => process.stdout.write(`${line}\n`);
const die = (line: string): never => {
  say(line);
  process.exit(4);
};

try {
  const booted = await boot({ role: 'server', live: true, log: () => {} });
  const api = createApi();
  const realtime = currentRealtime();
  if (!realtime) die('NACK boot: no live prices');
  const { rows } = await booted.handle.pool.query<{ id: string }>(
    'select id from coins order by rank nulls last, id limit 21',
  );
  if (rows.length < 21) die(`NACK boot: only ${rows.length} coins`);
  const coinIds = rows.slice(0, 20).map((r) => r.id);
  // The coin the ticks move (the simulator is off: nothing else writes its candles).
  const tickCoin = rows[20]!.id;
  const t = () => signature(Date.now(), process.env.SIGN_SALT ?? 'coinlens');
  const post = async (path: string, body: unknown, token?: string) => {
    const ip = `10.${cycle % 250}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await api.request(
      `${path}?t=${await t()}`,
      { method: 'POST', headers, body: JSON.stringify(body) },
      { clientAddress: ip },
    );
    const answer = (await res.json()) as { code: number; msg: string; data: unknown };
    if (answer.code !== 0) die(`NACK ${path} ${res.status} ${JSON.stringify(answer)}`);
    return answer.data;
  };
  say('READY');

  const people = async (loop: number) => {
    for (let n = 0; ; n++) {
      const name = `crash_${cycle}_${loop}_${n}_${randomBytes(2).toString('hex')}`;
      const data = (await post('/api/new/v1/register', {
        userName: name,
        email: `${name}@example.com`,
        password: 'crash suite pass',
      })) as { token: string };
      say(`ACK signup ${name}`);
      const picks = [coinIds[(n * 2 + loop) % coinIds.length]!, coinIds[(n * 2 + loop + 7) % coinIds.length]!];
      await post('/api/new/v1/favorite/coin/saveMore', { ids: picks }, data.token);
      for (const id of picks) say(`ACK fav ${name} ${id}`);
      const coin = picks[0]!;
      const score = 1 + (n % 5);
      await post(
        '/api/new/v1/comment/save',
        {
          targetType: 'coin',
          targetId: coin,
          content: `Crash suite review ${name}: still here after the power cut.`,
          ratings: { team: score, business: 6 - score, product: 3, community: score, technology: 5 },
          overall: score,
        },
        data.token,
      );
      say(`ACK review ${name} ${coin}`);
    }
  };
  const ticks = async () => {
    for (let n = 0; n < TICKS_PER_CYCLE; n++) {
      const at = TICK_EPOCH + (cycle * TICKS_PER_CYCLE + n) * 60_000;
      const price = 1000 + (n % 997) + 0.25;
      await realtime!.publish([{ coinId: tickCoin, price, change24h: 1.5, at, volume: 10 }]);
      say(`ACK tick ${tickCoin} ${at} ${price}`);
    }
  };
  await Promise.all([people(0), people(1), ticks()]);
} catch (e) {
  process.stderr.write(`FAILED ${(e as Error).name}: ${(e as Error).message}\n`);
  process.exit(3);
}
