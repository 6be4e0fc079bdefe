/**
 * GitHub's public REST API, for the activity of the repositories coins link to (issue 24 §4):
 * a repository's stars, forks, watchers, open issues and last push (`/repos/{owner}/{repo}`), its
 * last year of commits per week (`/stats/commit_activity`), and how many contributors and commits
 * it has, each read off the `Link` header of a one-item page (`/contributors?per_page=1&anon=1`,
 * `/commits?per_page=1`). Every read is conditional: an ETag from an earlier answer makes an
 * unchanged one a 304, which GitHub does not count against a token's limit. A spent limit (403 or
 * 429 with X-RateLimit-Remaining: 0, or a Retry-After) rests the client until GitHub's reset.
 */
import { z } from 'zod';
import { NOT_MODIFIED, retryAfterMs, SourceError, SourceHttp, type HttpOptions } from './http.ts';
import type { SourceState } from './types.ts';

export type GitHubOptions = {
  baseUrl?: string;
  /** A token (classic or fine-grained, no scope needed): 5,000 requests an hour instead of 60. */
  token?: string;
} & Partial<Pick<HttpOptions, 'timeoutMs' | 'retries' | 'backoffMs' | 'maxRetryWaitMs' | 'fetch' | 'sleep' | 'now'>>;

export interface RepoSlug {
  owner: string;
  repo: string;
}

/** A repository as the pages show it. */
export interface RepoFigures {
  /** "owner/repo" as GitHub spells it now (a renamed or moved repository answers under its new name). */
  fullName: string;
  htmlUrl: string;
  stars: number;
  forks: number;
  /** People watching it (`subscribers_count`; `watchers_count` is the stars under an old name). */
  watchers: number;
  /** Open issues and pull requests together, as GitHub counts them. */
  openIssues: number;
  /** The last push to any branch (ISO); null for an empty repository. */
  pushedAt: string | null;
  createdAt: string;
}

/** One week of `/stats/commit_activity`: its Sunday (Unix seconds), commits per day from Sunday, their sum. */
export interface CommitWeek {
  week: number;
  days: number[];
  total: number;
}

/**
 * What a conditional read gives: a fresh answer with its ETag, `same` (304: what we have is
 * current), or `computing` (GitHub's statistics answer 202 while it computes them).
 */
export type Answer<T> = { kind: 'fresh'; value: T; etag: string | null } | { kind: 'same' } | { kind: 'computing' };

const API_URL = 'https://api.github.com';

/** GitHub allows 60 requests an hour without a token and 5,000 with one; we keep some for others and retries. */
export const HOURLY_REQUESTS = { anonymous: 50, token: 4_000 } as const;

/** First path segments of github.com that are GitHub's own pages, never an owner. */
const RESERVED = new Set([
  'orgs',
  'users',
  'topics',
  'features',
  'about',
  'sponsors',
  'marketplace',
  'settings',
  'login',
  'search',
  'explore',
  'collections',
  'trending',
  'enterprise',
  'apps',
  'pricing',
  'site',
  'notifications',
]);

/**
 * The repository a link names, or null when it names none: only github.com/{owner}/{repo} (with
 * or without www., http or https, `.git`, a path inside it, a query or fragment); an
 * organisation's page (github.com/bitcoin) or another host is no repository.
 */
export function parseRepoUrl(link: string): RepoSlug | null {
  let url: URL;
  try {
    url = new URL(link.trim().replace(/^git\+/, ''));
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol) || !/^(www\.)?github\.com$/i.test(url.hostname)) return null;
  const [owner = '', rawRepo = ''] = url.pathname.split('/').filter(Boolean);
  const repo = rawRepo.replace(/\.git$/i, '');
  if (!/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/.test(owner) || RESERVED.has(owner.toLowerCase())) return null;
  if (!/^[A-Za-z0-9._-]{1,100}$/.test(repo) || repo === '.' || repo === '..') return null;
  return { owner, repo };
}

/** The request paths of a repository's four reads: also the keys of its stored ETags. */
export function repoPaths({ owner, repo }: RepoSlug) {
  const base = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
  return {
    repo: base,
    activity: `${base}/stats/commit_activity`,
    contributors: `${base}/contributors?per_page=1&anon=1`,
    commits: `${base}/commits?per_page=1`,
  };
}

const isoTime = z.string().datetime({ offset: true });
const count = z.number().int().nonnegative();

const repoSchema = z.object({
  full_name: z.string().regex(/^[^/\s]+\/[^/\s]+$/),
  html_url: z.string().url().startsWith('https://'),
  stargazers_count: count,
  forks_count: count,
  subscribers_count: count,
  open_issues_count: count,
  pushed_at: isoTime.nullable(),
  created_at: isoTime,
});

const weekSchema = z.object({ week: z.number().int().positive(), days: z.array(count).length(7), total: count });

/**
 * A body read as text and parsed here: GitHub's statistics answer 202 with `{}` or nothing at all,
 * and an empty repository's contributors 204 with nothing; each reads as null.
 */
const jsonText = <S extends z.ZodTypeAny>(schema: S) =>
  z
    .string()
    .transform((text, ctx): unknown => {
      if (!text.trim()) return null;
      try {
        return JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: `malformed JSON (${text.slice(0, 40).replace(/\s+/g, ' ')}…)` });
        return z.NEVER;
      }
    })
    .pipe(schema);

const activitySchema = jsonText(
  z.union([
    z.null(),
    z
      .object({})
      .strict()
      .transform(() => null),
    z.array(weekSchema),
  ]),
);
const listSchema = jsonText(z.union([z.null(), z.array(z.unknown())]));

/** The page number of `rel="last"` in a Link header; null without one. */
export function lastPage(link: string | null): number | null {
  for (const part of (link ?? '').split(',')) {
    const m = /<([^>]+)>\s*;\s*rel="last"/.exec(part);
    if (!m) continue;
    const page = Number(new URL(m[1]!, API_URL).searchParams.get('page'));
    return Number.isInteger(page) && page > 0 ? page : null;
  }
  return null;
}

/**
 * When an answer says the limit is spent: GitHub's reset (X-RateLimit-Reset, epoch seconds) when
 * nothing is left, else its Retry-After (secondary limits), else a minute for a bare 429 as its
 * documentation asks. Any other 403 (a blocked repository) is an ordinary failure.
 */
export function rateLimitedUntil(status: number, headers: Headers, now: number): number | null {
  if (status !== 403 && status !== 429) return null;
  if (headers.get('x-ratelimit-remaining') === '0') {
    // A reset our clock already passed (skew) still rests a minute.
    const reset = Number(headers.get('x-ratelimit-reset')) * 1000;
    return Number.isFinite(reset) && reset > now ? reset : now + 60_000;
  }
  const after = retryAfterMs(headers.get('retry-after'), now);
  if (after !== null) return now + Math.max(after, 1000);
  return status === 429 ? now + 60_000 : null;
}

export class GitHub {
  readonly name = 'github';
  readonly hourly: number;
  private readonly http: SourceHttp;
  private readonly now: () => number;

  constructor(options: GitHubOptions = {}) {
    const { baseUrl, token, ...rest } = options;
    this.now = options.now ?? Date.now;
    this.hourly = token ? HOURLY_REQUESTS.token : HOURLY_REQUESTS.anonymous;
    this.http = new SourceHttp({
      name: this.name,
      baseUrl: baseUrl || API_URL,
      budget: { limit: this.hourly, windowMs: 3_600_000, share: 1 },
      // GitHub's own count of our requests this hour (other programs on the address or token count too).
      usedWeightHeader: 'x-ratelimit-used',
      rateLimited: rateLimitedUntil,
      retries: 1,
      headers: {
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        'user-agent': 'Coinlens',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...rest,
    });
  }

  state(): SourceState {
    return this.http.state();
  }

  /** Until when GitHub's limit keeps us waiting (epoch ms); 0 when it does not. */
  restingUntil(): number {
    const until = this.http.restingUntil();
    return until > this.now() ? until : 0;
  }

  /** Requests left in the current hour of our budget. */
  left(): number {
    const { used, limit } = this.http.state().budget;
    return Math.max(0, limit - used);
  }

  private async read<S extends z.ZodTypeAny>(
    path: string,
    schema: S,
    etag: string | null | undefined,
    signal?: AbortSignal,
  ): Promise<{ kind: 'same' } | { kind: 'fresh'; body: z.output<S>; etag: string | null; link: string | null }> {
    let etagOut: string | null = null;
    let link: string | null = null;
    const [pathname, query] = path.split('?');
    const body = await this.http.get(pathname!, {
      query: Object.fromEntries(new URLSearchParams(query ?? '')),
      schema,
      body: 'text',
      etag: etag ?? undefined,
      follow: true,
      signal,
      onHeaders: (h) => {
        etagOut = h.get('etag');
        link = h.get('link');
      },
    });
    if (body === NOT_MODIFIED) return { kind: 'same' };
    return { kind: 'fresh', body, etag: etagOut, link };
  }

  async repo(slug: RepoSlug, etag?: string | null, signal?: AbortSignal): Promise<Answer<RepoFigures>> {
    const r = await this.read(repoPaths(slug).repo, jsonText(repoSchema), etag, signal);
    if (r.kind === 'same') return r;
    const b = r.body;
    return {
      kind: 'fresh',
      etag: r.etag,
      value: {
        fullName: b.full_name,
        htmlUrl: b.html_url,
        stars: b.stargazers_count,
        forks: b.forks_count,
        watchers: b.subscribers_count,
        openIssues: b.open_issues_count,
        pushedAt: b.pushed_at,
        createdAt: b.created_at,
      },
    };
  }

  /** The last 52 weeks, oldest first; `computing` while GitHub computes them (ask again later). */
  async commitActivity(slug: RepoSlug, etag?: string | null, signal?: AbortSignal): Promise<Answer<CommitWeek[]>> {
    const r = await this.read(repoPaths(slug).activity, activitySchema, etag, signal);
    if (r.kind === 'same') return r;
    if (r.body === null) return { kind: 'computing' };
    return { kind: 'fresh', value: [...r.body].sort((a, b) => a.week - b.week), etag: r.etag };
  }

  /** Contributors, the anonymous ones (commits by an e-mail no account claims) included. */
  contributors(slug: RepoSlug, etag?: string | null, signal?: AbortSignal): Promise<Answer<number>> {
    return this.count(repoPaths(slug).contributors, etag, signal);
  }

  /** Commits on the default branch, all time. */
  commits(slug: RepoSlug, etag?: string | null, signal?: AbortSignal): Promise<Answer<number>> {
    return this.count(repoPaths(slug).commits, etag, signal);
  }

  /** A list's length from a one-item page: the last page's number, else the items there are (0 or 1). */
  private async count(path: string, etag: string | null | undefined, signal?: AbortSignal): Promise<Answer<number>> {
    try {
      const r = await this.read(path, listSchema, etag, signal);
      if (r.kind === 'same') return r;
      return { kind: 'fresh', value: lastPage(r.link) ?? r.body?.length ?? 0, etag: r.etag };
    } catch (e) {
      // An empty repository: GitHub answers its commits with 409 "Git Repository is empty".
      if (e instanceof SourceError && e.status === 409) return { kind: 'fresh', value: 0, etag: null };
      throw e;
    }
  }
}
