import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../../../../tests/setup/fakeUpstream.ts';
import { githubAnswer, repoRoutes } from '../../../../tests/setup/github.ts';
import { GitHub, lastPage, parseRepoUrl, rateLimitedUntil, repoPaths, type GitHubOptions } from './github.ts';
import { SourceError } from './http.ts';

const NOW = Date.parse('2025-01-10T12:00:00Z');
const TOKEN = 'ghp_Secr3tTokenValue0123456789abcdefABCD';
const BTC = { owner: 'bitcoin', repo: 'bitcoin' };

let up: FakeUpstream;
let clock: number;
const client = (extra: GitHubOptions = {}) =>
  new GitHub({ baseUrl: up.url, now: () => clock, sleep: async () => {}, timeoutMs: 2000, ...extra });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('resolved'),
    (e: unknown) => e as SourceError,
  );

beforeEach(async () => {
  clock = NOW;
  up = await startFakeUpstream(
    repoRoutes(() => up, 'bitcoin/bitcoin', {
      repo: 'repo-bitcoin',
      activity: 'activity-bitcoin',
      contributors: 'contributors-bitcoin',
      commits: 'commits-bitcoin',
    }),
  );
});
afterEach(() => up.close());

describe('repository links', () => {
  it('reads github.com/{owner}/{repo} however it is written', () => {
    for (const link of [
      'https://github.com/bitcoin/bitcoin',
      'http://www.github.com/bitcoin/bitcoin/',
      'https://github.com/bitcoin/bitcoin.git',
      'git+https://github.com/bitcoin/bitcoin.git',
      'https://github.com/bitcoin/bitcoin/tree/master/src?tab=readme#top',
      ' https://GitHub.com/bitcoin/bitcoin ',
    ])
      expect(parseRepoUrl(link), link).toEqual(BTC);
    expect(parseRepoUrl('https://github.com/ethereum/go-ethereum')).toEqual({ owner: 'ethereum', repo: 'go-ethereum' });
  });

  it('skips what names no repository: an organisation, GitHub’s own pages, other hosts, junk', () => {
    for (const link of [
      'https://github.com/bitcoin',
      'https://github.com/orgs/bitcoin/repositories',
      'https://github.com/topics/bitcoin',
      'https://gitlab.com/bitcoin/bitcoin',
      'https://github.com.evil.example/bitcoin/bitcoin',
      'ftp://github.com/bitcoin/bitcoin',
      'https://github.com/-bad/repo',
      'https://github.com/owner/..',
      'not a link',
      '',
    ])
      expect(parseRepoUrl(link), link).toBeNull();
  });

  it('names the four reads, which key the stored ETags', () => {
    expect(repoPaths(BTC)).toEqual({
      repo: '/repos/bitcoin/bitcoin',
      activity: '/repos/bitcoin/bitcoin/stats/commit_activity',
      contributors: '/repos/bitcoin/bitcoin/contributors?per_page=1&anon=1',
      commits: '/repos/bitcoin/bitcoin/commits?per_page=1',
    });
  });
});

describe('GitHub reads', () => {
  it('sends GitHub’s headers and no Authorization without a token', async () => {
    const gh = client();
    await gh.repo(BTC);
    const h = up.requests[0]!.headers;
    expect(h.accept).toBe('application/vnd.github+json');
    expect(h['x-github-api-version']).toBe('2022-11-28');
    expect(h['user-agent']).toBe('Coinlens');
    expect(h.authorization).toBeUndefined();
    expect(gh.hourly).toBe(50);
  });

  it('sends the token as a bearer only when configured, and never shows it in its state or errors', async () => {
    const gh = client({ token: TOKEN });
    await gh.repo(BTC);
    expect(up.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(gh.hourly).toBe(4000);
    up.route('/repos/bitcoin/bitcoin', githubAnswer('not-found'));
    const e = await failure(gh.repo(BTC));
    expect(JSON.stringify({ state: gh.state(), message: e.message, stack: e.stack })).not.toContain(TOKEN);
  });

  it('maps a repository exactly, with its ETag', async () => {
    const r = await client().repo(BTC);
    expect(r).toEqual({
      kind: 'fresh',
      etag: 'W/"5d3c4e1b0f6a7e9d8c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d"',
      value: {
        fullName: 'bitcoin/bitcoin',
        htmlUrl: 'https://github.com/bitcoin/bitcoin',
        stars: 80213,
        forks: 36571,
        watchers: 4032,
        openIssues: 683,
        pushedAt: '2025-01-10T10:41:22Z',
        createdAt: '2010-12-19T15:16:43Z',
      },
    });
  });

  it('reads a repository described in Chinese, and one whose description holds HTML (never kept)', async () => {
    up.route('/repos/FISCO-BCOS/FISCO-BCOS', githubAnswer('repo-fisco'));
    up.route('/repos/ethereum/go-ethereum', githubAnswer('repo-go-ethereum'));
    const fisco = await client().repo({ owner: 'FISCO-BCOS', repo: 'FISCO-BCOS' });
    expect(fisco.kind === 'fresh' && fisco.value).toMatchObject({ stars: 2245, watchers: 178, openIssues: 37 });
    const geth = await client().repo({ owner: 'ethereum', repo: 'go-ethereum' });
    expect(geth.kind === 'fresh' && geth.value).toMatchObject({ fullName: 'ethereum/go-ethereum', stars: 48102 });
    expect(JSON.stringify(geth)).not.toContain('<');
  });

  it('follows a renamed repository’s redirect and reports its new name', async () => {
    up.route('/repos/ethereum/go-ethereum-legacy', {
      ...githubAnswer('moved'),
      headers: { ...githubAnswer('moved').headers, location: `${up.url}/repositories/15452919` },
    });
    up.route('/repositories/15452919', githubAnswer('repo-go-ethereum'));
    const r = await client().repo({ owner: 'ethereum', repo: 'go-ethereum-legacy' });
    expect(r.kind === 'fresh' && r.value.fullName).toBe('ethereum/go-ethereum');
    expect(up.requests.map((q) => q.path)).toEqual(['/repos/ethereum/go-ethereum-legacy', '/repositories/15452919']);
  });

  it('sends a stored ETag back and reads a 304 as unchanged', async () => {
    const gh = client();
    const first = await gh.repo(BTC);
    const again = await gh.repo(BTC, first.kind === 'fresh' ? first.etag : null);
    expect(again).toEqual({ kind: 'same' });
    expect(up.requests[1]!.headers['if-none-match']).toBe(first.kind === 'fresh' ? first.etag : '');
  });

  it('reads 52 weeks of commits, oldest first', async () => {
    const r = await client().commitActivity(BTC);
    if (r.kind !== 'fresh') return expect.fail(r.kind);
    expect(r.value).toHaveLength(52);
    expect(r.value[0]!.week).toBe(Date.parse('2024-01-14T00:00:00Z') / 1000);
    expect(r.value[51]!.week).toBe(Date.parse('2025-01-05T00:00:00Z') / 1000);
    expect(r.value.every((w) => w.days.length === 7 && w.total === w.days.reduce((a, b) => a + b, 0))).toBe(true);
  });

  it('reads a 202 (statistics being computed), with `{}` or with nothing, as computing', async () => {
    up.route('/repos/bitcoin/bitcoin/stats/commit_activity', [
      githubAnswer('activity-computing'),
      { ...githubAnswer('activity-computing'), body: '' },
    ]);
    const gh = client();
    expect(await gh.commitActivity(BTC)).toEqual({ kind: 'computing' });
    expect(await gh.commitActivity(BTC)).toEqual({ kind: 'computing' });
  });

  it('counts contributors and commits from the last page of a one-item page', async () => {
    const gh = client();
    expect(await gh.contributors(BTC)).toMatchObject({ kind: 'fresh', value: 1265 });
    expect(await gh.commits(BTC)).toMatchObject({ kind: 'fresh', value: 44107 });
    const asked = up.requests.slice(-2).map((r) => Object.fromEntries(r.query));
    expect(asked).toEqual([{ per_page: '1', anon: '1' }, { per_page: '1' }]);
    expect(lastPage('<https://api.github.com/x?page=2>; rel="next"')).toBeNull();
  });

  it('counts a single page by its items, and an empty repository as 0 (204, 409)', async () => {
    up.route('/repos/bitcoin/bitcoin/contributors', {
      ...githubAnswer('contributors-fisco'),
      headers: { etag: 'W/"1"' },
    });
    expect(await client().contributors(BTC)).toMatchObject({ kind: 'fresh', value: 1 });
    up.route('/repos/bitcoin/bitcoin/contributors', { status: 204, body: '' });
    expect(await client().contributors(BTC)).toMatchObject({ kind: 'fresh', value: 0 });
    up.route('/repos/bitcoin/bitcoin/commits', {
      status: 409,
      body: { message: 'Git Repository is empty.', documentation_url: 'https://docs.github.com/rest/commits/commits' },
    });
    expect(await client().commits(BTC)).toMatchObject({ kind: 'fresh', value: 0 });
  });

  it('reports a malformed answer and a missing repository as source errors', async () => {
    up.route('/repos/bitcoin/bitcoin', githubAnswer('repo-malformed'));
    expect((await failure(client().repo(BTC))).message).toMatch(/unexpected payload.*malformed JSON/);
    up.route('/repos/bitcoin/bitcoin', githubAnswer('not-found'));
    const e = await failure(client().repo(BTC));
    expect(e).toBeInstanceOf(SourceError);
    expect(e.status).toBe(404);
  });
});

describe('GitHub’s rate limit', () => {
  it('rests until X-RateLimit-Reset after a 403 with nothing remaining, asking nothing meanwhile', async () => {
    up.route('/repos/bitcoin/bitcoin', [githubAnswer('rate-limited'), githubAnswer('repo-bitcoin')]);
    const gh = client();
    const e = await failure(gh.repo(BTC));
    expect(e.status).toBe(403);
    const reset = Number(githubAnswer('rate-limited').headers['x-ratelimit-reset']) * 1000;
    expect(gh.restingUntil()).toBe(reset);
    expect((await failure(gh.repo(BTC))).message).toMatch(/resting/);
    expect(up.requests).toHaveLength(1);
    clock = reset + 1;
    expect(gh.restingUntil()).toBe(0);
    expect((await gh.repo(BTC)).kind).toBe('fresh');
  });

  it('reads Retry-After (secondary limits) and a bare 429; another 403 is no rate limit', () => {
    const h = (o: Record<string, string>) => new Headers(o);
    expect(rateLimitedUntil(403, h({ 'retry-after': '120' }), NOW)).toBe(NOW + 120_000);
    expect(rateLimitedUntil(429, h({}), NOW)).toBe(NOW + 60_000);
    expect(rateLimitedUntil(429, h({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1736514000' }), NOW)).toBe(
      1736514000_000,
    );
    expect(rateLimitedUntil(403, h({ 'x-ratelimit-remaining': '12' }), NOW)).toBeNull();
    expect(rateLimitedUntil(404, h({ 'x-ratelimit-remaining': '0' }), NOW)).toBeNull();
  });

  it('keeps to its hourly budget, counting GitHub’s own count of the hour', async () => {
    const gh = client();
    expect(gh.left()).toBe(50);
    await gh.repo(BTC);
    // The answer says 1 used (x-ratelimit-used); we count our 1 too: the greater stands.
    expect(gh.left()).toBe(49);
  });
});

describe('the seeder’s repositories of well-known coins', () => {
  it('are each one GitHub repository, so the queue takes them', async () => {
    const { KNOWN_REPOSITORIES } = await import('../../seed/data/repositories.ts');
    const urls = Object.values(KNOWN_REPOSITORIES);
    expect(urls.length).toBeGreaterThanOrEqual(30);
    for (const url of urls) expect(parseRepoUrl(url), url).not.toBeNull();
  });
});
