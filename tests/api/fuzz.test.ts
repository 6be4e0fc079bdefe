/**
 * Property-based fuzzing of every API route, enumerated from the published OpenAPI document (so
 * a route added later is fuzzed without anyone listing it). Each case takes one operation and
 * breaks one thing about the request: a query or path value (wrong type, huge, negative, unicode,
 * NUL and control characters, injection strings), the method, the JSON or multipart body
 * (malformed, wrong shapes, oversized), or the token (missing, malformed, forged, expired).
 *
 * Properties: never a 5xx; every 4xx is the envelope with a non-zero code and a message in the
 * request's language; an answer is JSON unless the route documents otherwise; and nothing
 * changes in the people's tables (row counts and a checksum before and after).
 *
 * `FUZZ_RUNS` sets the number of requests (CI runs 10,000; `npm test` a few hundred), `FUZZ_SEED`
 * replays a run; a failure's counterexample joins {@link PAST_FAILURES}, which every run replays
 * first (tests/setup/fuzz.ts).
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { signature } from '../../src/lib/signature.ts';
import { API_VERSION, createApi } from '../../src/server/api/app.ts';
import { openApiDocument } from '../../src/server/api/openapi.ts';
import { assertFuzz, fuzzSeed } from '../setup/fuzz.ts';
import { apiHarness } from './helpers.ts';
import { signedInUser } from './users.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const { db } = apiHarness();
const api = createApi();

interface Param {
  name: string;
  in: 'query' | 'path';
  schema: Record<string, unknown>;
}
interface Op {
  method: string;
  path: string;
  params: Param[];
  body: boolean;
  form: boolean;
  auth: 'required' | 'optional' | 'none';
  produces: string;
}

// biome-ignore lint/suspicious/noExplicitAny: the fuzzer walks the generated document freely
const document = openApiDocument(api, { version: API_VERSION }) as { paths: Record<string, Record<string, any>> };
const OPS: Op[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({
    method: method.toUpperCase(),
    path,
    params: (op.parameters as Param[]).filter((p) => p.name !== 't' && p.name !== 'lan'),
    body: !!op.requestBody?.content?.['application/json'],
    form: !!op.requestBody?.content?.['multipart/form-data'],
    auth: op.security?.length ? (op.security.length > 1 ? 'optional' : 'required') : 'none',
    produces: Object.keys(op.responses['200'].content ?? { 'application/json': 1 })[0]!,
  })),
);

/**
 * Routes that act on a signed-in user without reading any input (sign out, rotate the feed,
 * resend activation): the fuzzer's valid token must not reach them, as it would change state
 * with a request that is not bad at all. Their refusals without a token are still fuzzed.
 */
const NO_INPUT_ACTIONS = new Set([
  'POST /api/new/v1/logout',
  'POST /api/new/v1/notice/feedToken',
  'POST /api/new/v1/notice/feedToken/revoke',
  'GET /api/new/v1/sendMailByActive',
]);

const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\r\n',
  '\u001b[31m',
  '\ud800',
  '\uffff',
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '99999999999999999999999',
  '-99999999999999999999999',
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe
  '${7*7}',
  '{{7*7}}',
  '[object Object]',
  'true',
  'null',
  '日本語テキスト',
  '🙂'.repeat(100),
  'x'.repeat(5000),
  '275760-09-14T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '0001-01-01',
  '9999-12-31T23:59:59Z',
];
const nastyString = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer().map(String),
  fc.double().map(String),
);

const nastyJsonValue = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, [], {}, [[]], { $gt: '' }, 'x'.repeat(20_000), '\u0000'),
  fc.integer(),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

type Mutation =
  | { kind: 'query'; values: Record<string, string>; fill: (string | null)[]; extra: [string, string] | null }
  | { kind: 'path'; value: string }
  | { kind: 'method'; method: string }
  | { kind: 'body'; raw: string; type: string }
  | { kind: 'form'; field: string; value: string }
  | { kind: 'token'; token: 'none' | 'malformed' | 'forged' | 'expired' };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('query' as const),
    values: fc.dictionary(fc.constantFrom('page', 'size', 'id', 'q', 'kind', 'sort', 'order'), nastyString, {
      maxKeys: 3,
    }),
    // Values for the route's own documented parameters, by position (null leaves one out).
    fill: fc.array(fc.option(nastyString, { nil: null }), { minLength: 8, maxLength: 8 }),
    extra: fc.option(fc.tuple(fc.string({ maxLength: 8 }), nastyString), { nil: null }),
  }),
  fc.record({ kind: fc.constant('path' as const), value: nastyString }),
  fc.record({
    kind: fc.constant('method' as const),
    method: fc.constantFrom('PUT', 'DELETE', 'PATCH', 'POST', 'GET', 'OPTIONS'),
  }),
  fc.record({
    kind: fc.constant('body' as const),
    raw: fc.oneof(
      fc.constantFrom(
        '',
        '{',
        '{"a":',
        'null',
        '[]',
        '"text"',
        '{"__proto__":{"x":1}}',
        `{"a":"${'x'.repeat(300_000)}"}`,
        '\u0000',
      ),
      fc
        .dictionary(
          fc.constantFrom(
            'ids',
            'tickers',
            'id',
            '_id',
            'vote',
            'event',
            'iid',
            'exchanges',
            'content',
            'targetType',
            'targetId',
            'userName',
            'email',
            'password',
            'phone',
            'code',
            'nickname',
            'path',
            'token',
          ),
          nastyJsonValue,
          { maxKeys: 4 },
        )
        .map((o) => JSON.stringify(o)),
      fc.string({ maxLength: 60 }),
    ),
    type: fc.constantFrom(
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ),
  }),
  fc.record({ kind: fc.constant('form' as const), field: fc.constantFrom('file', 'other'), value: nastyString }),
  fc.record({
    kind: fc.constant('token' as const),
    token: fc.constantFrom('none' as const, 'malformed' as const, 'forged' as const, 'expired' as const),
  }),
);

/**
 * Counterexamples of past runs, replayed first by every run: the operation as `METHOD path`
 * (of the OpenAPI document), the mutation and the language, as the failure printed them.
 */
const PAST_FAILURES: [op: string, m: Mutation, lan: 'en' | 'zh' | 'ko'][] = [];

/** A path segment as a client could send it: a lone surrogate goes out as the invalid UTF-8 it would be. */
function pathSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80%ff';
  }
}

/** What a bad request may answer: our refusals, and 503 only where the live feed is not running here. */
const CJK = /[\u3400-\u9fff\uac00-\ud7af]/;

/** Row count and checksum of every table that holds people's data. */
async function peoplesData(): Promise<Record<string, string>> {
  const tables = [
    'users',
    'sessions',
    'verification_tokens',
    'recovery_codes',
    'passkeys',
    'favourites',
    'portfolios',
    'portfolio_transactions',
    'price_alerts',
    'columnist_follows',
    'announcement_subscriptions',
    'push_devices',
    'comments',
    'content_bookmarks',
    'votes',
    'announcement_feed_tokens',
    'avatars',
  ];
  const out: Record<string, string> = {};
  for (const t of tables) {
    const r = (await db().execute(
      sql.raw(
        `select count(*)::text || ':' || coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as v from ${t} x`,
      ),
    )) as unknown as { rows: { v: string }[] };
    out[t] = r.rows[0]!.v;
  }
  return out;
}

describe('fuzzing every API route', () => {
  let token = '';
  let forged = '';
  let expired = '';

  beforeAll(async () => {
    ({ token } = await signedInUser(db()));
    const [, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('not the secret'));
    const [h, , s] = token.split('.');
    expired = [h, Buffer.from(JSON.stringify({ ...claims, exp: 1 })).toString('base64url'), s].join('.');
  });

  it(`answers ${RUNS} bad requests with 4xx envelopes in the request's language, changing nothing`, async () => {
    expect(OPS.length).toBeGreaterThan(100);
    const before = await peoplesData();
    const t = await signature(Date.now(), 'coinlens');
    let requests = 0;
    const statuses = new Map<number, number>();
    const examples = PAST_FAILURES.map(([key, m, lan]): [Op, Mutation, 'en' | 'zh' | 'ko'] => {
      const op = OPS.find((o) => `${o.method} ${o.path}` === key);
      if (!op) throw new Error(`PAST_FAILURES names ${key}, which the OpenAPI document no longer has`);
      return [op, m, lan];
    });
    await assertFuzz(
      'API fuzz',
      fc.asyncProperty(
        fc.constantFrom(...OPS),
        mutation,
        fc.constantFrom('en' as const, 'zh' as const, 'ko' as const),
        async (op, m, lan) => {
          const key = `${op.method} ${op.path}`;
          let path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
            m.kind === 'path' ? pathSegment(m.value) : name === 'kind' ? 'baike' : 'bitcoin',
          );
          const query = new URLSearchParams({ t, lan });
          if (m.kind === 'query') {
            for (const [k, v] of Object.entries(m.values)) query.set(k, v);
            op.params
              .filter((p) => p.in === 'query')
              .forEach((p, i) => {
                const v = m.fill[i % m.fill.length];
                if (v != null && !query.has(p.name)) query.set(p.name, v);
              });
            if (m.extra) query.set(m.extra[0], m.extra[1]);
          }
          let method = m.kind === 'method' ? m.method : op.method;
          const headers: Record<string, string> = {};
          let body: BodyInit | undefined;
          if (m.kind === 'body') {
            headers['content-type'] = m.type;
            body = m.raw;
            if (method === 'GET') method = 'POST';
          } else if (m.kind === 'form') {
            const form = new FormData();
            form.set(m.field, new Blob([m.value]), 'x.png');
            body = form;
            if (method === 'GET') method = 'POST';
          } else if (op.method === 'POST' && method === 'POST') {
            headers['content-type'] = 'application/json';
            body = '{}';
          }
          // The valid token never reaches an action that takes no input, whatever method this case sends.
          const acts = NO_INPUT_ACTIONS.has(`${method} ${op.path}`) || NO_INPUT_ACTIONS.has(`POST ${op.path}`);
          const bearer =
            m.kind === 'token'
              ? { none: '', malformed: 'Bearer !!!', forged: `Bearer ${forged}`, expired: `Bearer ${expired}` }[m.token]
              : acts
                ? ''
                : `Bearer ${token}`;
          if (bearer) headers.authorization = bearer;
          if (key === 'GET /api/stream/prices' && method === 'GET')
            path = `${path}?${query}&symbols=${pathSegment(m.kind === 'query' ? (m.values.q ?? '') : '')}`;
          else path = `${path}?${query}`;
          requests++;
          const res = await api.request(
            path,
            { method, headers, body },
            { clientAddress: `10.9.${requests % 250}.${(requests >> 8) % 250}` },
          );
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const what = `${method} ${path.slice(0, 200)} (${m.kind}) → ${res.status}`;
          expect(res.status, what).toBeLessThan(key === 'GET /api/stream/prices' ? 504 : 500);
          const type = res.headers.get('content-type') ?? '';
          if (res.status >= 400) {
            expect(type, what).toMatch(/^application\/json/);
            const env = (await res.json()) as { code: number; data: unknown; msg: string };
            expect(env.code, what).not.toBe(0);
            expect(env.data, what).toBeNull();
            expect(typeof env.msg === 'string' && env.msg.length > 0, what).toBe(true);
            if (lan !== 'en') expect(env.msg, `${what}: ${env.msg}`).toMatch(CJK);
          } else {
            if (op.produces === 'text/event-stream') await res.body?.cancel();
            else if (res.status === 200 && op.produces === 'application/json')
              expect(type, what).toMatch(/^application\/json/);
            else await res.arrayBuffer();
          }
        },
      ),
      { numRuns: RUNS, seed: fuzzSeed(), examples },
    );
    console.log(
      `fuzz: ${requests} requests over ${OPS.length} operations; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
    );
    const after = await peoplesData();
    expect(Object.keys(after).filter((t) => after[t] !== before[t])).toEqual([]);
  }, 600_000);
});
