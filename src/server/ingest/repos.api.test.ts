import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHarness } from '../../../tests/api/helpers.ts';
import { startFakeUpstream, type FakeUpstream } from '../../../tests/setup/fakeUpstream.ts';
import { conditional, githubAnswer, repoRoutes } from '../../../tests/setup/github.ts';
import { commitsBetween, RepoActivityRefresh, weeklyTotals } from './repos.ts';
import { GitHub, type CommitWeek } from './sources/github.ts';

const { get, db } = apiHarness();
const NOW = Date.parse('2025-01-10T12:00:00Z');
const MIN = 60_000;
const TOKEN = 'ghp_NeverLogged0123456789abcdefABCDEFGH';

let up: FakeUpstream;
let clock = NOW;
let logs: string[] = [];
/** The five coins the test links to repositories, by rank: a, b, c, d, e. */
let ids: string[] = [];

const job = (o: { token?: string; intervalMs?: number } = {}) =>
  new RepoActivityRefresh({
    db: db(),
    github: new GitHub({ baseUrl: up.url, token: o.token, now: () => clock, sleep: async () => {}, retries: 0 }),
    intervalMs: o.intervalMs ?? 10 * MIN,
    log: (line) => logs.push(line),
    now: () => clock,
  });

async function rows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}
const repoRow = async (id: string) =>
  (await rows(sql`select * from coin_repos where coin_id = ${id}`))[0] as Record<string, unknown> | undefined;
const asked = () => up.requests.map((r) => r.path);

beforeAll(async () => {
  up = await startFakeUpstream({
    ...repoRoutes(() => up, 'bitcoin/bitcoin', {
      repo: 'repo-bitcoin',
      activity: 'activity-bitcoin',
      contributors: 'contributors-bitcoin',
      commits: 'commits-bitcoin',
    }),
    ...repoRoutes(() => up, 'ethereum/go-ethereum', {
      repo: 'repo-go-ethereum',
      activity: 'activity-go-ethereum',
      contributors: 'contributors-bitcoin',
      commits: 'commits-bitcoin',
    }),
    ...repoRoutes(() => up, 'FISCO-BCOS/FISCO-BCOS', {
      repo: 'repo-fisco',
      activity: 'activity-computing',
      contributors: 'contributors-fisco',
      commits: 'commits-fisco',
    }),
    '/repos/gone/missing': githubAnswer('not-found'),
  });
  const moved = githubAnswer('moved');
  up.route('/repos/ethereum/go-ethereum-legacy', {
    ...moved,
    headers: { ...moved.headers, location: `${up.url}/repositories/15452919` },
  });
  up.route(
    '/repositories/15452919',
    conditional(() => up, '/repositories/15452919', githubAnswer('repo-go-ethereum')),
  );
  ids = (await rows<{ id: string }>(sql`select id from coins order by rank asc nulls last, id limit 5`)).map(
    (r) => r.id,
  );
  const links = [
    // An organisation's page first: no repository, the next link is read.
    [ids[0], 'https://github.com/bitcoin'],
    [ids[0], 'https://github.com/bitcoin/bitcoin.git'],
    [ids[1], 'https://github.com/ethereum/go-ethereum-legacy'],
    [ids[2], 'https://github.com/FISCO-BCOS/FISCO-BCOS/tree/master'],
    [ids[3], 'https://github.com/gone/missing'],
    [ids[4], 'https://gitlab.com/not/github'],
  ];
  // The seeder links the best-known coins to their real repositories: this file's links replace them.
  await db().execute(sql`delete from coin_links where kind = 'repository'`);
  for (const [id, url] of links)
    await db().execute(
      sql`insert into coin_links (coin_id, kind, url) values (${id}, 'repository', ${url}) on conflict do nothing`,
    );
});
afterAll(() => up.close());

describe('the queue', () => {
  it('sizes a run to 50 requests an hour without a token, 4,000 with one', () => {
    expect(job().requestsPerRun()).toBe(8);
    expect(job({ intervalMs: 60 * MIN }).requestsPerRun()).toBe(50);
    expect(job({ token: TOKEN }).requestsPerRun()).toBe(666);
    // A short interval still asks one whole repository; the hourly budget then paces the runs.
    expect(job({ intervalMs: MIN }).requestsPerRun()).toBe(4);
  });

  it('takes coins with a github.com/{owner}/{repo} link, never fetched first, by rank', async () => {
    const queue = await job().queue(10);
    const ours = queue.filter((q) => ids.includes(q.coinId));
    expect(ours.map((q) => q.coinId)).toEqual(ids.slice(0, 4));
    expect(ours.map((q) => `${q.slug.owner}/${q.slug.repo}`)).toEqual([
      'bitcoin/bitcoin',
      'ethereum/go-ethereum-legacy',
      'FISCO-BCOS/FISCO-BCOS',
      'gone/missing',
    ]);
    // The gitlab link is not GitHub's: no other coin is queued.
    expect(queue).toHaveLength(4);
  });
});

describe('a refresh', () => {
  it('renews the first two repositories from GitHub, following a rename', async () => {
    const r = await job().refresh();
    expect(r).toMatchObject({ renewed: 2, unchanged: 0, computing: 0, failed: 0, restingUntil: null });
    expect(up.requests).toHaveLength(9);
    expect(up.requests.every((q) => q.headers.authorization === undefined)).toBe(true);
    const btc = await repoRow(ids[0]!);
    const weeks = githubAnswer('activity-bitcoin').body as CommitWeek[];
    expect(btc).toMatchObject({
      url: 'https://github.com/bitcoin/bitcoin',
      stars: 80213,
      forks: 36571,
      watchers: 4032,
      open_issues: 683,
      commits: 44107,
      contributors: 1265,
      commits_30d: commitsBetween(weeks, NOW - 30 * 86_400_000, NOW),
      weekly_commits: weeks.map((w) => w.total),
      source: 'github',
      etags: {
        '/repos/bitcoin/bitcoin': githubAnswer('repo-bitcoin').headers.etag,
        '/repos/bitcoin/bitcoin/stats/commit_activity': githubAnswer('activity-bitcoin').headers.etag,
        '/repos/bitcoin/bitcoin/contributors?per_page=1&anon=1': githubAnswer('contributors-bitcoin').headers.etag,
        '/repos/bitcoin/bitcoin/commits?per_page=1': githubAnswer('commits-bitcoin').headers.etag,
      },
    });
    expect(new Date(String(btc!.last_commit_at)).toISOString()).toBe('2025-01-10T10:41:22.000Z');
    expect(Date.parse(String(btc!.fetched_at))).toBe(NOW);
    const eth = await repoRow(ids[1]!);
    expect(eth).toMatchObject({ url: 'https://github.com/ethereum/go-ethereum', stars: 48102, source: 'github' });
    expect(asked()).toContain('/repos/ethereum/go-ethereum/stats/commit_activity');
  });

  it('waits for weekly commits GitHub is computing (202) and logs a missing repository once', async () => {
    const fiscoBefore = await repoRow(ids[2]!);
    const missingBefore = await repoRow(ids[3]!);
    clock = NOW + 10 * MIN;
    const refresh = job();
    expect(await refresh.refresh()).toMatchObject({ renewed: 0, computing: 1, failed: 1 });
    // A demo row becomes GitHub's whole or not at all; a 404 leaves the coin's row alone.
    expect(await repoRow(ids[2]!)).toEqual(fiscoBefore);
    expect(await repoRow(ids[3]!)).toEqual(missingBefore);
    expect(logs.filter((l) => l.includes('gone/missing'))).toHaveLength(1);

    // The next run asks for the weeks first, then the longest unrenewed repository, with its ETags.
    up.route('/repos/FISCO-BCOS/FISCO-BCOS/stats/commit_activity', githubAnswer('activity-bitcoin'));
    clock = NOW + 20 * MIN;
    up.requests.length = 0;
    expect(await refresh.refresh()).toMatchObject({ renewed: 1, unchanged: 1 });
    expect(asked()[0]).toBe('/repos/FISCO-BCOS/FISCO-BCOS/stats/commit_activity');
    const fisco = await repoRow(ids[2]!);
    expect(fisco).toMatchObject({ source: 'github', stars: 2245, contributors: 118, commits: 9826 });
    expect(Date.parse(String(fisco!.fetched_at))).toBe(NOW + 10 * MIN);
    expect(new Date(String(fisco!.last_commit_at)).toISOString()).toBe('2024-11-20T09:30:01.000Z');

    // Twenty-five hours on, the missing repository is asked again (never fetched: first) and not logged again.
    clock = NOW + 25 * 60 * MIN;
    up.requests.length = 0;
    await refresh.refresh();
    expect(asked()).toContain('/repos/gone/missing');
    expect(logs.filter((l) => l.includes('gone/missing'))).toHaveLength(1);
  });
});

describe('conditional requests', () => {
  it('sends the stored ETags back; 304s change nothing but fetched_at', async () => {
    const before = await repoRow(ids[0]!);
    up.requests.length = 0;
    clock = NOW + 30 * 60 * MIN;
    const stored = (await job().queue(50)).find((q) => q.coinId === ids[0])!;
    expect(await job().refreshOne(stored.coinId, stored.slug, stored.stored)).toBe('unchanged');
    expect(up.requests).toHaveLength(4);
    expect(
      up.requests.every(
        (q) =>
          q.headers['if-none-match'] ===
          (before!.etags as Record<string, string>)[q.path + (q.query.size ? `?${q.query}` : '')],
      ),
    ).toBe(true);
    const after = await repoRow(ids[0]!);
    expect({ ...after, fetched_at: null }).toEqual({ ...before, fetched_at: null });
    expect(Date.parse(String(after!.fetched_at))).toBe(clock);
  });

  it('keeps the stored weeks when GitHub answers 202, and asks for them at the next run', async () => {
    const before = await repoRow(ids[0]!);
    up.route('/repos/bitcoin/bitcoin/stats/commit_activity', githubAnswer('activity-computing'));
    const refresh = job();
    const stored = (await refresh.queue(50)).find((q) => q.coinId === ids[0])!;
    expect(await refresh.refreshOne(stored.coinId, stored.slug, stored.stored)).toBe('computing');
    const after = await repoRow(ids[0]!);
    expect(after!.weekly_commits).toEqual(before!.weekly_commits);
    expect(after!.commits_30d).toBe(before!.commits_30d);
    up.requests.length = 0;
    await refresh.refresh();
    expect(asked()[0]).toBe('/repos/bitcoin/bitcoin/stats/commit_activity');
    const path = '/repos/bitcoin/bitcoin/stats/commit_activity';
    up.route(
      path,
      conditional(() => up, path, githubAnswer('activity-bitcoin')),
    );
  });
});

describe('GitHub’s rate limit', () => {
  it('stops the run and rests until the reset, blanking nothing and asking nothing meanwhile', async () => {
    const before = await rows(sql`select * from coin_repos order by coin_id`);
    const reset = Math.floor(clock / 1000) + 1800;
    const limited = githubAnswer('rate-limited');
    const spent = { ...limited, headers: { ...limited.headers, 'x-ratelimit-reset': String(reset) } };
    for (const path of ['/repos/bitcoin/bitcoin', '/repos/ethereum/go-ethereum-legacy', '/repos/gone/missing'])
      up.route(path, spent);
    up.requests.length = 0;
    logs = [];
    const refresh = job();
    const r = await refresh.refresh();
    expect(r.restingUntil).toBe(reset * 1000);
    expect(up.requests).toHaveLength(1);
    expect(logs.filter((l) => l.includes('rate limit spent'))).toHaveLength(1);
    expect(await refresh.refresh()).toMatchObject({ renewed: 0, failed: 0 });
    expect(up.requests).toHaveLength(1);
    expect(await rows(sql`select * from coin_repos order by coin_id`)).toEqual(before);
    up.route(
      '/repos/bitcoin/bitcoin',
      conditional(() => up, '/repos/bitcoin/bitcoin', githubAnswer('repo-bitcoin')),
    );
    up.route('/repos/gone/missing', githubAnswer('not-found'));
    const moved = githubAnswer('moved');
    up.route('/repos/ethereum/go-ethereum-legacy', {
      ...moved,
      headers: { ...moved.headers, location: `${up.url}/repositories/15452919` },
    });
  });

  it('sends a configured token and never logs it', async () => {
    up.requests.length = 0;
    logs = [];
    clock += 2 * 60 * MIN;
    const refresh = job({ token: TOKEN });
    await refresh.refresh();
    expect(up.requests.length).toBeGreaterThan(0);
    expect(up.requests.every((q) => q.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(logs.length).toBeGreaterThan(0);
    expect(JSON.stringify([logs, refresh.github.state()])).not.toContain(TOKEN);
  });
});

describe('the API shows where the figures come from and their age', () => {
  it('repository tab: source github and fetchedAt, weeks from GitHub’s Sundays', async () => {
    const { body } = await get<{ source: string; fetchedAt: string; stars: number; weeks: { start: string }[] }>(
      `/api/v1/coins/${ids[0]}/repo?range=1Y`,
    );
    expect(body.data).toMatchObject({ source: 'github', stars: 80213 });
    expect(Date.parse(body.data.fetchedAt)).toBeGreaterThan(NOW);
    expect(body.data.weeks).toHaveLength(52);
    expect(new Date(`${body.data.weeks.at(-1)!.start}T00:00:00Z`).getUTCDay()).toBe(0);
  });

  it('a demo row says demo and has no age', async () => {
    const [demo] = await rows<{ coin_id: string }>(sql`select coin_id from coin_repos where source = 'demo' limit 1`);
    const { body } = await get<{ source: string; fetchedAt: string | null }>(`/api/v1/coins/${demo!.coin_id}/repo`);
    expect(body.data).toMatchObject({ source: 'demo', fetchedAt: null });
  });

  it('the stars and activity rankings carry each row’s source and age', async () => {
    for (const type of ['repo-stars', 'repo-activity']) {
      const { body } = await get<{ list: { id: string; source: string; fetchedAt: string | null }[] }>(
        `/api/v1/rank?type=${type}&size=100`,
      );
      const btc = body.data.list.find((r) => r.id === ids[0]);
      if (btc) expect(btc).toMatchObject({ source: 'github' });
      expect(body.data.list.every((r) => (r.source === 'github') === (r.fetchedAt !== null))).toBe(true);
      expect(body.data.list.some((r) => r.source === 'demo')).toBe(true);
    }
    const stars = await get<{ list: { id: string; source: string }[] }>('/api/v1/rank?type=repo-stars&size=10');
    expect(stars.body.data.list[0]).toMatchObject({ id: ids[0], source: 'github' });
  });
});

describe('the figures', () => {
  it('counts the last 30 days by day and pads a young repository’s year with zeros', () => {
    const sunday = Date.parse('2025-01-05T00:00:00Z') / 1000;
    const weeks = [
      { week: sunday - 7 * 86_400 * 5, days: [9, 9, 9, 9, 9, 9, 9], total: 63 },
      { week: sunday, days: [1, 2, 3, 0, 0, 4, 0], total: 10 },
    ];
    // 2025-01-10 is the Friday (index 5); 35 days before is out of the window.
    expect(commitsBetween(weeks, NOW - 30 * 86_400_000, NOW)).toBe(10);
    // A day partly inside counts whole: Tuesday the 7th (3) and Friday the 10th (4).
    expect(commitsBetween(weeks, NOW - 3 * 86_400_000, NOW)).toBe(7);
    const totals = weeklyTotals(weeks);
    expect(totals).toHaveLength(52);
    expect(totals.slice(-2)).toEqual([63, 10]);
    expect(totals.slice(0, 50).every((n) => n === 0)).toBe(true);
  });
});
