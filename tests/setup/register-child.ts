// A Coinlens server process for the durability test: boots (embedded PostgreSQL unless
// DATABASE_URL), then registers the account named on the command line through the real API
// app and prints ACK once the API answered code 0. The test kills it right after.
import { boot } from '../../src/server/boot.ts';
import { createApi } from '../../src/server/api/app.ts';
import { signature } from '../../src/lib/signature.ts';

const [userName, email] = process.argv.slice(2);
try {
  await boot({ role: 'server', log: () => {} });
  const api = createApi();
  const t = await signature(Date.now(), process.env.SIGN_SALT ?? 'coinlens');
  const res = await api.request(
    `/api/new/v1/register?t=${t}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName, email, password: 'durable pass' }),
    },
    { clientAddress: '127.0.0.1' },
  );
  const body = (await res.json()) as { code: number; msg: string };
  process.stdout.write(body.code === 0 ? `ACK\n` : `NACK ${JSON.stringify(body)}\n`);
} catch (e) {
  process.stderr.write(`FAILED ${(e as Error).name}: ${(e as Error).message}\n`);
  process.exit(3);
}
