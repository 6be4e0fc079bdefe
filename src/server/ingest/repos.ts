/**
 * Repository activity from GitHub (issue 24 §4) for every coin whose repository link names a
 * github.com/{owner}/{repo}: stars, forks, watchers, open issues, the last push, 52 weeks of
 * commits, contributors and total commits, written to `coin_repos` with `source = 'github'` and
 * `fetched_at` (the figures' age on the pages). Spread over the hours: each run every
 * GITHUB_INTERVAL_MS takes the next few repositories (never fetched first, by coin rank, then the
 * longest unrenewed), as many as keep the requests within 50 an hour without GITHUB_TOKEN (4,000
 * with one). Every read is conditional on the stored ETags: an unchanged repository answers 304,
 * costs a token nothing, and only renews `fetched_at`. A failure never blanks a figure.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { coinRepos } from '../db/schema/index.ts';
import { Repeat } from '../realtime/repeat.ts';
import type { PriceSource } from '../realtime/types.ts';
import {
  GitHub,
  parseRepoUrl,
  repoPaths,
  type Answer,
  type CommitWeek,
  type RepoFigures,
  type RepoSlug,
} from './sources/github.ts';
import { SourceError } from './sources/http.ts';

type RepoRow = typeof coinRepos.$inferSelect;
type RepoWrite = typeof coinRepos.$inferInsert & { etags: Record<string, string> };

interface RepoActivityOptions {
  db: Db;
  /** The client (tests); else one on `baseUrl` with `token`. */
  github?: GitHub;
  baseUrl?: string;
  token?: string;
  intervalMs: number;
  log?: (line: string) => void;
  now?: () => number;
}

export interface RepoRunResult {
  /** Repositories written with something new. */
  renewed: number;
  /** Repositories GitHub answered 304 for throughout: only their `fetched_at` moved. */
  unchanged: number;
  /** Whose weekly commits GitHub was still computing (202): asked again at the next run. */
  computing: number;
  failed: number;
  /** Set when GitHub's limit stopped the run: until when it rests (epoch ms). */
  restingUntil: number | null;
}

/** Requests one repository costs: the repository, its weekly commits, contributors and commits. */
export const REQUESTS_PER_REPO = 4;
const DAY = 86_400_000;
/** A repository GitHub does not know (404) is asked again after a day; one that failed otherwise, after an hour. */
const MISSING_RETRY_MS = DAY;
const FAILED_RETRY_MS = 3_600_000;
/** Runs a 202 is asked again before the repository waits for its next turn. */
const COMPUTING_TRIES = 3;
/** What the database sees of a GitHub link before parseRepoUrl decides (it spares reading every link). */
const GITHUB_LINK = '^(git\\+)?https?://(www\\.)?github\\.com/[^/?#]+/[^/?#]+';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const message = (e: unknown) => ((e as Error).cause as Error | undefined)?.message ?? (e as Error).message;

/** Commits of the days in (`from`, `to`]: a day counts when any of it is inside. */
export function commitsBetween(weeks: CommitWeek[], from: number, to: number): number {
  let n = 0;
  for (const w of weeks)
    w.days.forEach((c, d) => {
      const start = (w.week + d * 86_400) * 1000;
      if (start + DAY > from && start <= to) n += c;
    });
  return n;
}

/** 52 weekly totals, oldest first (a younger repository's missing weeks as 0). */
export function weeklyTotals(weeks: CommitWeek[]): number[] {
  const totals = weeks.map((w) => w.total).slice(-52);
  return [...Array<number>(52 - totals.length).fill(0), ...totals];
}

/** What one repository's refresh came to. */
type Outcome = 'renewed' | 'unchanged' | 'computing' | 'failed' | 'limited';

interface Pending {
  slug: RepoSlug;
  row: RepoWrite;
  /** Whether `commits` stands in as the year's sum (GitHub gave no total): it follows the weeks. */
  yearSum: boolean;
  tries: number;
}

export class RepoActivityRefresh implements PriceSource {
  readonly name = 'github-repos';
  readonly github: GitHub;
  private readonly repeat: Repeat;
  /** Repositories whose weekly commits answered 202, with the row to complete. */
  private readonly pending = new Map<string, Pending>();
  /** Coins not asked again until then (a 404, another failure). */
  private readonly resting = new Map<string, number>();
  /** Coins whose 404 was logged: once per process. */
  private readonly missingLogged = new Set<string>();
  private restLogged = 0;

  constructor(private readonly o: RepoActivityOptions) {
    this.github = o.github ?? new GitHub({ baseUrl: o.baseUrl, token: o.token, now: o.now });
    this.repeat = new Repeat(
      o.intervalMs,
      async () => {
        const r = await this.refresh();
        if (r.renewed + r.unchanged + r.computing + r.failed > 0)
          this.o.log?.(
            `[github] repositories: ${r.renewed} renewed, ${r.unchanged} unchanged, ${r.computing} awaiting GitHub's weekly commits, ${r.failed} failed`,
          );
      },
      (e) => this.o.log?.(`[github] ${message(e)}; the stored figures stay`),
    );
  }

  start(): void {
    this.repeat.start();
  }

  stop(): Promise<void> {
    return this.repeat.stop();
  }

  private now(): number {
    return (this.o.now ?? Date.now)();
  }

  /** Requests one run may make: its share of the hour's, at least one repository's. */
  requestsPerRun(): number {
    return Math.max(REQUESTS_PER_REPO, Math.floor((this.github.hourly * this.o.intervalMs) / 3_600_000));
  }

  /** One run: the weekly commits GitHub was computing last time, then the queue's next slice. */
  async refresh(): Promise<RepoRunResult> {
    const result: RepoRunResult = { renewed: 0, unchanged: 0, computing: 0, failed: 0, restingUntil: null };
    const count = (o: Outcome) => {
      if (o !== 'limited') result[o]++;
    };
    let budget = this.requestsPerRun();
    for (const [coinId, p] of this.pending) {
      if (this.limited(result) || budget < 1 || this.github.left() < 1) break;
      budget--;
      count(await this.retryActivity(coinId, p));
    }
    const slice = Math.min(Math.floor(budget / REQUESTS_PER_REPO), Math.floor(this.github.left() / REQUESTS_PER_REPO));
    if (slice > 0 && !this.limited(result))
      for (const item of await this.queue(slice)) {
        if (this.limited(result)) break;
        count(await this.refreshOne(item.coinId, item.slug, item.stored));
      }
    this.limited(result);
    return result;
  }

  /** Whether GitHub's limit is spent (noted in the result, logged once per rest). */
  private limited(result: RepoRunResult): boolean {
    const until = this.github.restingUntil();
    if (!until) return false;
    result.restingUntil = until;
    if (until !== this.restLogged) {
      this.restLogged = until;
      this.o.log?.(`[github] rate limit spent: resting until ${new Date(until).toISOString()}`);
    }
    return true;
  }

  /**
   * The next `size` coins with a GitHub repository link: never fetched first (by rank), then the
   * longest unrenewed; coins resting after a failure or awaiting their weekly commits wait.
   */
  async queue(size: number): Promise<{ coinId: string; slug: RepoSlug; stored: RepoRow | null }[]> {
    const now = this.now();
    for (const [id, until] of this.resting) if (until <= now) this.resting.delete(id);
    const exclude = [...this.resting.keys(), ...this.pending.keys()];
    const rows = rowsOf<{ coin_id: string; links: string[] }>(
      await this.o.db.execute(sql`
        select c.id as coin_id, array_agg(l.url order by l.id) as links
        from coins c
        join coin_links l on l.coin_id = c.id and l.kind = 'repository' and l.url ~* ${GITHUB_LINK}
        left join coin_repos r on r.coin_id = c.id
        where c.id <> all(${sql.param(exclude)}::text[])
        group by c.id, c.rank, r.fetched_at
        order by r.fetched_at asc nulls first, c.rank asc nulls last, c.id
        limit ${size * 2}`),
    );
    const picked = rows
      .flatMap((r) => {
        const slug = r.links.map(parseRepoUrl).find((s) => s !== null);
        return slug ? [{ coinId: r.coin_id, slug }] : [];
      })
      .slice(0, size);
    if (!picked.length) return [];
    const stored = await this.o.db
      .select()
      .from(coinRepos)
      .where(
        inArray(
          coinRepos.coinId,
          picked.map((p) => p.coinId),
        ),
      );
    const byId = new Map(stored.map((r) => [r.coinId, r]));
    return picked.map((p) => ({ ...p, stored: byId.get(p.coinId) ?? null }));
  }

  /** One repository's four reads, each conditional on its stored ETag, then one write. */
  async refreshOne(coinId: string, link: RepoSlug, stored: RepoRow | null): Promise<Outcome> {
    const gh = this.github;
    // Only GitHub's own figures may stand for a 304: the demo seeder's never sent an ETag.
    const ours = stored?.source === 'github' ? stored : null;
    const kept = ours?.etags ?? {};
    const linkPaths = repoPaths(link);
    let repo: Answer<RepoFigures>;
    try {
      repo = await gh.repo(link, kept[linkPaths.repo]);
    } catch (e) {
      return this.failure(coinId, link, e);
    }
    // A renamed repository answers under its new name: the other reads ask that.
    const slug =
      repo.kind === 'fresh' ? splitName(repo.value.fullName, link) : ((ours && parseRepoUrl(ours.url)) ?? link);
    const paths = repoPaths(slug);
    const ask = async <T>(read: () => Promise<Answer<T>>): Promise<Answer<T> | null> => {
      if (gh.restingUntil()) return null;
      try {
        return await read();
      } catch (e) {
        if (!gh.restingUntil())
          this.o.log?.(`[github] ${slug.owner}/${slug.repo}: ${message(e)}; its stored figure stays`);
        return null;
      }
    };
    const activity = await ask(() => gh.commitActivity(slug, kept[paths.activity]));
    const contributors = await ask(() => gh.contributors(slug, kept[paths.contributors]));
    const commits = await ask(() => gh.commits(slug, kept[paths.commits]));
    if (!ours && (repo.kind !== 'fresh' || contributors?.kind !== 'fresh' || !activity)) {
      // A demo row becomes GitHub's whole or not at all: no invented figure beside a real one.
      if (gh.restingUntil()) return 'limited';
      return this.failure(coinId, slug, null);
    }

    const now = this.now();
    const fresh = repo.kind === 'fresh' ? repo.value : null;
    const weeks = activity?.kind === 'fresh' ? activity.value : null;
    const pushedAt = fresh ? fresh.pushedAt : (ours?.lastCommitAt.toISOString() ?? null);
    const etags: Record<string, string> = {};
    // A fresh answer's ETag, else the one sent (a 304's, or one whose read failed: its figure stays).
    const keep = (path: string, answer: Answer<unknown> | null) => {
      const etag = answer?.kind === 'fresh' ? answer.etag : kept[path];
      if (etag) etags[path] = etag;
    };
    keep(linkPaths.repo, repo);
    keep(paths.activity, activity);
    keep(paths.contributors, contributors);
    keep(paths.commits, commits);

    const weekly = weeks ? weeklyTotals(weeks) : (ours?.weeklyCommits ?? null);
    const yearSum = commits?.kind !== 'fresh' && !ours;
    const row: RepoWrite = {
      coinId,
      url: fresh?.htmlUrl ?? ours!.url,
      stars: fresh?.stars ?? ours!.stars,
      forks: fresh?.forks ?? ours!.forks,
      watchers: fresh?.watchers ?? ours!.watchers,
      openIssues: fresh?.openIssues ?? ours!.openIssues,
      createdAt: fresh ? new Date(fresh.createdAt) : (ours!.createdAt ?? null),
      lastCommitAt: fresh ? new Date(fresh.pushedAt ?? fresh.createdAt) : ours!.lastCommitAt,
      contributors: contributors?.kind === 'fresh' ? contributors.value : ours!.contributors,
      // The total on the default branch; without it, the year's sum (documented in live-data.md).
      commits:
        commits?.kind === 'fresh' ? commits.value : yearSum ? (weekly ?? []).reduce((a, b) => a + b, 0) : ours!.commits,
      commits30d: weeks
        ? commitsBetween(weeks, now - 30 * DAY, now)
        : // No push for 30 days is no commit in them, whatever the kept weeks say.
          pushedAt && Date.parse(pushedAt) < now - 30 * DAY
          ? 0
          : (ours?.commits30d ?? 0),
      weeklyCommits: weekly,
      source: 'github',
      fetchedAt: new Date(now),
      etags,
    };
    if (activity?.kind === 'computing')
      this.pending.set(coinId, { slug, row, yearSum, tries: this.pending.get(coinId)?.tries ?? 0 });
    else this.pending.delete(coinId);
    if (!ours && activity?.kind === 'computing') return 'computing';
    try {
      await this.write(row);
    } catch (e) {
      return this.failure(coinId, slug, e);
    }
    if (activity?.kind === 'computing') return 'computing';
    const all = [repo, activity, contributors, commits];
    return all.every((a) => a?.kind === 'same') ? 'unchanged' : 'renewed';
  }

  /** Asks again for weekly commits that were being computed; the rest of the row is as read then. */
  private async retryActivity(coinId: string, p: Pending): Promise<Outcome> {
    const key = repoPaths(p.slug).activity;
    let answer: Answer<CommitWeek[]>;
    try {
      answer = await this.github.commitActivity(p.slug);
    } catch (e) {
      this.pending.delete(coinId);
      return this.github.restingUntil() ? 'limited' : this.failure(coinId, p.slug, e);
    }
    if (answer.kind !== 'fresh') {
      if (++p.tries >= COMPUTING_TRIES) this.pending.delete(coinId);
      return 'computing';
    }
    this.pending.delete(coinId);
    const at = (p.row.fetchedAt as Date).getTime();
    const weekly = weeklyTotals(answer.value);
    const row: RepoWrite = {
      ...p.row,
      weeklyCommits: weekly,
      commits30d: commitsBetween(answer.value, at - 30 * DAY, at),
      commits: p.yearSum ? weekly.reduce((a, b) => a + b, 0) : p.row.commits,
      etags: { ...p.row.etags, ...(answer.etag ? { [key]: answer.etag } : {}) },
    };
    try {
      await this.write(row);
      return 'renewed';
    } catch (e) {
      return this.failure(coinId, p.slug, e);
    }
  }

  private async write(row: RepoWrite): Promise<void> {
    const { coinId: _, ...set } = row;
    await this.o.db.insert(coinRepos).values(row).onConflictDoUpdate({ target: coinRepos.coinId, set });
  }

  /**
   * A repository that could not be read rests a while; a 404 is logged once, the coin's row left
   * alone. `e` null: the failure was logged where it happened.
   */
  private failure(coinId: string, slug: RepoSlug, e: unknown): Outcome {
    if (this.github.restingUntil()) return 'limited';
    const name = `${slug.owner}/${slug.repo}`;
    const missing = e instanceof SourceError && e.status === 404;
    this.resting.set(coinId, this.now() + (missing ? MISSING_RETRY_MS : FAILED_RETRY_MS));
    if (e !== null && !missing) this.o.log?.(`[github] ${name}: ${message(e)}; its stored figures stay`);
    else if (!this.missingLogged.has(coinId)) {
      this.missingLogged.add(coinId);
      this.o.log?.(`[github] ${name}: not found (404), linked by ${coinId}; its row is left as it is`);
    }
    return 'failed';
  }
}

/** "owner/repo" as a slug (the link's when GitHub's name does not read). */
function splitName(fullName: string, fallback: RepoSlug): RepoSlug {
  const [owner, repo] = fullName.split('/');
  return owner && repo ? { owner, repo } : fallback;
}

/** The refresh as configured: without a token, 50 requests an hour; with one, 4,000. */
export function createRepoActivity(
  db: Db,
  c: Pick<Config, 'GITHUB_TOKEN' | 'GITHUB_URL' | 'GITHUB_INTERVAL_MS'>,
  log: (line: string) => void,
): RepoActivityRefresh {
  return new RepoActivityRefresh({
    db,
    baseUrl: c.GITHUB_URL,
    token: c.GITHUB_TOKEN || undefined,
    intervalMs: c.GITHUB_INTERVAL_MS,
    log,
  });
}
