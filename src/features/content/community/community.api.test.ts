import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { UpdateDetail, UpdatePage } from './community.server.ts';
import type { SocialDetail, SocialPage } from './social.server.ts';
import type { QuestionDetail, QuestionPage, WendaHub } from './questions.server.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';

const { get, db } = apiHarness();
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows;
const zh = { headers: { 'x-locale': 'zh' } };
const newestFirst = (times: string[]) => times.every((t, i) => i === 0 || Date.parse(times[i - 1]!) >= Date.parse(t));

async function expect4xx(path: string, status = 400) {
  const { status: got, body } = await get(path);
  expect([path, got]).toEqual([path, status]);
  expect(body.code).toBe(status);
  expect(body.data).toBeNull();
  expect(body.msg).toEqual(expect.any(String));
  expect(body.msg.length).toBeGreaterThan(3);
  return body.msg;
}

describe('GET /api/v1/dynamics', () => {
  it('lists English updates newest first with counts per kind', async () => {
    const { status, body } = await get<UpdatePage>('/api/v1/dynamics');
    expect(status).toBe(200);
    const [n] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from project_updates where locale = 'en'`);
    expect(body.data.total).toBe(n!.n);
    expect(body.data.total).toBeGreaterThan(50);
    expect(body.data.list).toHaveLength(10);
    expect(body.data.list.every((u) => u.locale === 'en')).toBe(true);
    expect(newestFirst(body.data.list.map((u) => u.publishedAt))).toBe(true);
    expect(body.data.kinds.reduce((s, k) => s + k.count, 0)).toBe(body.data.total);
    const u = body.data.list[0]!;
    expect(u.coin).toEqual({
      id: expect.any(String),
      symbol: expect.any(String),
      name: expect.any(String),
      icon: expect.stringContaining('/icons/coins/'),
    });
    expect(u.sourceUrl).toMatch(/^https:\/\//);
  });

  it('lists Chinese updates for a zh request', async () => {
    const { body } = await get<UpdatePage>('/api/v1/dynamics?size=50', zh);
    expect(body.data.list.length).toBeGreaterThan(10);
    expect(body.data.list.every((u) => u.locale === 'zh')).toBe(true);
  });

  it('filters by kind and coin, pages on', async () => {
    const release = (await get<UpdatePage>('/api/v1/dynamics?kind=release&size=100')).body.data;
    expect(release.total).toBe(release.kinds.find((k) => k.kind === 'release')!.count);
    expect(release.list.every((u) => u.kind === 'release')).toBe(true);
    const btc = (await get<UpdatePage>('/api/v1/dynamics?coin=bitcoin&size=100')).body.data;
    expect(btc.total).toBeGreaterThan(0);
    expect(btc.list.every((u) => u.coin.id === 'bitcoin')).toBe(true);
    const [p1, p2] = await Promise.all([
      get<UpdatePage>('/api/v1/dynamics?size=20'),
      get<UpdatePage>('/api/v1/dynamics?size=10&page=2'),
    ]);
    expect(p2.body.data.list.map((u) => u.id)).toEqual(p1.body.data.list.slice(10).map((u) => u.id));
    const past = (await get<UpdatePage>('/api/v1/dynamics?page=9999')).body.data;
    expect(past.list).toEqual([]);
  });

  it.each(['kind=rumour', 'size=7', 'page=0', 'page=abc', 'coin=bad%20id'])(
    'rejects %s with a 400 envelope',
    async (q) => {
      await expect4xx(`/api/v1/dynamics?${q}`);
    },
  );

  it('answers an unknown coin with a 404 naming it', async () => {
    expect(await expect4xx('/api/v1/dynamics?coin=no-such-coin', 404)).toContain('no-such-coin');
  });
});

describe('GET /api/v1/dynamics/{id}', () => {
  it('returns the update with its body and other updates of the coin in its language', async () => {
    const first = (await get<UpdatePage>('/api/v1/dynamics')).body.data.list[0]!;
    const { status, body } = await get<UpdateDetail>(`/api/v1/dynamics/${first.id}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: first.id, title: first.title, coin: first.coin });
    expect(body.data.body.length).toBeGreaterThan(body.data.excerpt.length - 2);
    for (const r of body.data.related) {
      expect(r.coin.id).toBe(first.coin.id);
      expect(r.locale).toBe(first.locale);
      expect(r.id).not.toBe(first.id);
    }
  });

  it('answers a missing id with 404 "Content does not exist or has been removed"', async () => {
    expect(await expect4xx('/api/v1/dynamics/999999', 404)).toBe('Content does not exist or has been removed');
    const { body } = await get('/api/v1/dynamics/999999', zh);
    expect(body.msg).toBe('内容不存在或已被删除');
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])('rejects the id %s with a 400', async (id) => {
    await expect4xx(`/api/v1/dynamics/${id}`);
  });
});

describe('GET /api/v1/questions', () => {
  it('lists questions newest first with answer counts that match the answers table', async () => {
    const { status, body } = await get<QuestionPage>('/api/v1/questions?size=50');
    expect(status).toBe(200);
    expect(body.data.sort).toBe('newest');
    expect(body.data.list.every((q) => q.locale === 'en')).toBe(true);
    expect(newestFirst(body.data.list.map((q) => q.createdAt))).toBe(true);
    const counts = await rowsOf<{ id: number; n: number; solved: boolean }>(
      sql`select q.id, count(a.id)::int as n, coalesce(bool_or(a.accepted), false) as solved from questions q left join answers a on a.question_id = q.id where q.locale = 'en' group by q.id`,
    );
    const byId = new Map(counts.map((c) => [c.id, c]));
    expect(body.data.total).toBe(counts.length);
    for (const q of body.data.list) {
      expect([q.id, q.answerCount, q.solved]).toEqual([q.id, byId.get(q.id)!.n, byId.get(q.id)!.solved]);
      if (q.answerCount === 0) expect(q.lastAnsweredAt).toBeNull();
    }
  });

  it('lists only unanswered questions, and by views', async () => {
    const open = (await get<QuestionPage>('/api/v1/questions?sort=unanswered&size=100')).body.data;
    expect(open.total).toBeGreaterThan(0);
    expect(open.list).toHaveLength(open.total);
    expect(open.list.every((q) => q.answerCount === 0)).toBe(true);
    const viewed = (await get<QuestionPage>('/api/v1/questions?sort=views&size=20')).body.data.list.map((q) => q.views);
    expect(viewed.every((v, i) => i === 0 || viewed[i - 1]! >= v)).toBe(true);
  });

  it('filters by coin in Chinese', async () => {
    const [pick] = await rowsOf<{ coin: string }>(
      sql`select coin_id as coin from questions where locale = 'zh' and coin_id is not null group by coin_id order by count(*) desc, coin_id limit 1`,
    );
    const { body } = await get<QuestionPage>(`/api/v1/questions?coin=${pick!.coin}&size=100`, zh);
    expect(body.data.total).toBeGreaterThan(0);
    expect(body.data.list.every((q) => q.coin?.id === pick!.coin && q.locale === 'zh')).toBe(true);
  });

  it.each(['sort=hot', 'size=1000', 'page=-1', 'coin=%2F%2F'])('rejects %s with a 400 envelope', async (q) => {
    await expect4xx(`/api/v1/questions?${q}`);
  });

  it('answers an unknown coin with a 404', async () => {
    await expect4xx('/api/v1/questions?coin=nope-coin', 404);
  });
});

describe('GET /api/v1/questions/{id}', () => {
  it('orders answers accepted first, then by votes', async () => {
    const [q] = await rowsOf<{ id: number }>(
      sql`select question_id as id from answers group by question_id having count(*) >= 3 and bool_or(accepted) order by question_id limit 1`,
    );
    const { status, body } = await get<QuestionDetail>(`/api/v1/questions/${q!.id}`);
    expect(status).toBe(200);
    const list = body.data.answers;
    expect(list.length).toBe(body.data.answerCount);
    expect(list[0]!.accepted).toBe(true);
    expect(list.filter((a) => a.accepted)).toHaveLength(1);
    const rest = list.slice(1).map((a) => a.votes);
    expect(rest.every((v, i) => i === 0 || rest[i - 1]! >= v)).toBe(true);
    expect(body.data.solved).toBe(true);
    for (const a of list) expect(Date.parse(a.createdAt)).toBeGreaterThanOrEqual(Date.parse(body.data.createdAt));
  });

  it('answers a missing id with 404 and a bad id with 400', async () => {
    expect(await expect4xx('/api/v1/questions/424242', 404)).toBe('Content does not exist or has been removed');
    await expect4xx('/api/v1/questions/x1');
  });
});

describe('GET /api/v1/wenda', () => {
  it('gives totals, hot, recently answered, waiting and per-coin questions of the language', async () => {
    const { status, body } = await get<WendaHub>('/api/v1/wenda');
    expect(status).toBe(200);
    const h = body.data;
    const [n] = await rowsOf<{ q: number; a: number }>(
      sql`select (select count(*)::int from questions where locale = 'en') as q, (select count(*)::int from answers a join questions q on q.id = a.question_id where q.locale = 'en') as a`,
    );
    expect(h.stats.questions).toBe(n!.q);
    expect(h.stats.answers).toBe(n!.a);
    expect(h.hot.length).toBeGreaterThan(0);
    expect(h.hot.every((q, i) => i === 0 || h.hot[i - 1]!.heat >= q.heat)).toBe(true);
    const times = h.recentlyAnswered.map((r) => r.answer.createdAt);
    expect(newestFirst(times)).toBe(true);
    expect(new Set(h.recentlyAnswered.map((r) => r.question.id)).size).toBe(h.recentlyAnswered.length);
    expect(h.unanswered.every((q) => q.answerCount === 0)).toBe(true);
    expect(h.coins.every((c, i) => i === 0 || h.coins[i - 1]!.questions >= c.questions)).toBe(true);
    const [m] = await rowsOf<{ solved: number; open: number; top: string; topQuestions: number }>(
      sql`select (select count(*)::int from questions q where locale = 'en' and exists (select 1 from answers a where a.question_id = q.id and a.accepted)) as solved,
        (select count(*)::int from questions q where locale = 'en' and not exists (select 1 from answers a where a.question_id = q.id)) as open,
        (select coin_id from questions where locale = 'en' and coin_id is not null group by coin_id order by count(*) desc limit 1) as top,
        (select count(*)::int from questions where locale = 'en' and coin_id is not null group by coin_id order by count(*) desc limit 1) as "topQuestions"`,
    );
    expect(h.stats.solved).toBe(m!.solved);
    expect(h.stats.unanswered).toBe(m!.open);
    expect(h.unanswered).toHaveLength(Math.min(6, m!.open));
    expect(newestFirst(h.unanswered.map((q) => q.createdAt))).toBe(true);
    expect(h.coins[0]!.questions).toBe(m!.topQuestions);
    expect(h.recentlyAnswered.length).toBeGreaterThan(0);
  });
});

describe('GET /api/v1/social', () => {
  it('lists posts of one platform newest first, in every language', async () => {
    const { status, body } = await get<SocialPage>('/api/v1/social?platform=weibo&size=100');
    expect(status).toBe(200);
    expect(body.data.list.every((p) => p.platform === 'weibo')).toBe(true);
    expect(newestFirst(body.data.list.map((p) => p.publishedAt))).toBe(true);
    const [n] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from social_posts where platform = 'weibo'`);
    expect(body.data.total).toBe(n!.n);
    const p = body.data.list[0]!;
    expect(p.url).toMatch(/^https:\/\/weibo\.com\//);
    expect(p.profileUrl).toMatch(/^https:\/\/weibo\.com\/u\//);
  });

  it('filters by coin, exchange and language', async () => {
    const btc = (await get<SocialPage>('/api/v1/social?coin=bitcoin&size=100')).body.data;
    expect(btc.total).toBeGreaterThan(0);
    expect(btc.list.every((p) => p.coin?.id === 'bitcoin')).toBe(true);
    const [x] = await rowsOf<{ name: string }>(
      sql`select e.name from social_posts s join exchanges e on e.id = s.exchange_id group by e.name order by count(*) desc, e.name limit 1`,
    );
    const ex = (await get<SocialPage>(`/api/v1/social?exchange=${x!.name}&size=100`)).body.data;
    expect(ex.total).toBeGreaterThan(0);
    expect(ex.list.every((p) => p.exchange?.name === x!.name)).toBe(true);
    const en = (await get<SocialPage>('/api/v1/social?platform=twitter&lang=zh&size=100')).body.data;
    expect(en.list.every((p) => p.locale === 'zh' && p.platform === 'twitter')).toBe(true);
  });

  it.each(['platform=facebook', 'lang=fr', 'size=0', 'page=1.5', 'exchange=a%20b'])(
    'rejects %s with a 400 envelope',
    async (q) => {
      await expect4xx(`/api/v1/social?${q}`);
    },
  );

  it('answers an unknown exchange with a 404', async () => {
    expect(await expect4xx('/api/v1/social?exchange=no-such-exchange', 404)).toContain('no-such-exchange');
  });
});

describe('GET /api/v1/social/{id}', () => {
  it('returns a post with more of its account', async () => {
    const first = (await get<SocialPage>('/api/v1/social?platform=twitter')).body.data.list[0]!;
    const { status, body } = await get<SocialDetail>(`/api/v1/social/${first.id}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: first.id, platform: 'twitter', url: first.url });
    for (const m of body.data.more) expect([m.account, m.platform]).toEqual([first.account, 'twitter']);
  });

  it('answers a missing id with 404 and a bad id with 400', async () => {
    await expect4xx('/api/v1/social/987654', 404);
    await expect4xx('/api/v1/social/abc');
  });
});

describe('GET notice/twitterByES', () => {
  it.each(['/api/new/v2', '/api/v3'])('%s lists Twitter posts of an exchange', async (prefix) => {
    const [x] = await rowsOf<{ name: string; n: number }>(
      sql`select e.name, count(*)::int as n from social_posts s join exchanges e on e.id = s.exchange_id where s.platform = 'twitter' group by e.name order by count(*) desc, e.name limit 1`,
    );
    const { status, body } = await get<SocialPage>(`${prefix}/notice/twitterByES?exchange=${x!.name}&size=100`);
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data.total).toBe(x!.n);
    expect(body.data.list.every((p) => p.platform === 'twitter' && p.exchange?.name === x!.name)).toBe(true);
  });

  it('lists Twitter posts about a coin, and all of them without a filter', async () => {
    const coin = (await get<SocialPage>('/api/new/v2/notice/twitterByES?coin=ethereum&size=50')).body.data;
    expect(coin.total).toBeGreaterThan(0);
    expect(coin.list.every((p) => p.platform === 'twitter' && p.coin?.id === 'ethereum')).toBe(true);
    const all = (await get<SocialPage>('/api/new/v2/notice/twitterByES')).body.data;
    const [n] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from social_posts where platform = 'twitter'`,
    );
    expect(all.total).toBe(n!.n);
    expect(all.list).toHaveLength(10);
  });

  it.each([
    ['?size=13', 400],
    ['?page=0', 400],
    ['?exchange=Bad!', 400],
    ['?exchange=nowhere-exchange', 404],
    ['?coin=nowhere-coin', 404],
  ])('answers %s with %i', async (q, status) => {
    await expect4xx(`/api/new/v2/notice/twitterByES${q}`, status);
  });

  it('needs the request signature like every other call', async () => {
    const { status, body } = await get('/api/new/v2/notice/twitterByES', { signed: false });
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(body.code).not.toBe(0);
  });
});
