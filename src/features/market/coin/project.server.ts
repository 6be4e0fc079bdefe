/**
 * Read models of the coin tabs about the project behind the coin: readers' ratings, its
 * roadmap and process milestones, and its repository's activity.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { coinMilestones, coinRepos, comments } from '../../../server/db/schema/index.ts';
import { ratingAggregate, weeksInRange, type RatingAggregate, type TimeRange } from './formulas.ts';
import { num, type Page } from '../../../server/db/numbers.ts';
import { listReviews, REVIEW_DIMENSIONS, type Review } from '../../reader/reviews/index.ts';
import { coinFacts, iso } from './coin.server.ts';

/* ---------- ratings ---------- */

interface CoinRatings {
  summary: RatingAggregate;
  reviews: Page<Review>;
}

export async function getCoinRatings(db: Db, id: string, page: number, size: number): Promise<CoinRatings> {
  await coinFacts(db, id);
  const [rows, reviews] = await Promise.all([
    db
      .select({ overall: comments.overall, ratings: comments.ratings })
      .from(comments)
      .where(and(eq(comments.targetType, 'coin'), eq(comments.targetId, id))),
    listReviews(db, 'coin', id, page, size),
  ]);
  return {
    summary: ratingAggregate(
      rows.map((r) => ({ overall: num(r.overall) ?? 0, ratings: r.ratings ?? {} })),
      REVIEW_DIMENSIONS.coin,
    ),
    reviews,
  };
}

/* ---------- roadmap and process ---------- */

interface Milestone {
  id: number;
  at: string;
  title: string;
  description: string | null;
  done: boolean;
}

/** Roadmap (oldest first: delivered, then planned) or process (history, newest first). */
export async function listMilestones(db: Db, id: string, kind: 'roadmap' | 'process'): Promise<Milestone[]> {
  await coinFacts(db, id);
  const rows = await db
    .select()
    .from(coinMilestones)
    .where(and(eq(coinMilestones.coinId, id), eq(coinMilestones.kind, kind)))
    .orderBy(kind === 'roadmap' ? asc(coinMilestones.at) : desc(coinMilestones.at), asc(coinMilestones.id));
  return rows.map((r) => ({ id: r.id, at: r.at, title: r.title, description: r.description, done: r.done }));
}

/* ---------- repository ---------- */

interface RepoActivity {
  url: string;
  stars: number;
  forks: number;
  watchers: number;
  commits: number;
  commits30d: number;
  contributors: number;
  openIssues: number;
  lastCommitAt: string;
  createdAt: string | null;
  /** 'github': read from GitHub's API; 'demo': invented by the demo seeder. */
  source: 'github' | 'demo';
  /** When GitHub last answered for it (its figures' age); null for demo figures. */
  fetchedAt: string | null;
  range: TimeRange;
  /** Weekly commit counts inside the range, oldest first, each with the week's start. */
  weeks: { start: string; commits: number }[];
  commitsInRange: number;
}

export async function getRepoActivity(
  db: Db,
  id: string,
  range: TimeRange,
  now = Date.now(),
): Promise<RepoActivity | null> {
  await coinFacts(db, id);
  const [r] = await db.select().from(coinRepos).where(eq(coinRepos.coinId, id));
  if (!r) return null;
  const all = r.weeklyCommits ?? [];
  const n = Math.min(all.length, weeksInRange(range, now));
  const week = 7 * 86_400_000;
  const github = r.source === 'github' && r.fetchedAt !== null;
  // GitHub's weeks start on Sundays (UTC), the last one being that of its answer.
  const lastSunday = r.fetchedAt ? Math.floor(r.fetchedAt.getTime() / 86_400_000) - r.fetchedAt.getUTCDay() : 0;
  const start = (i: number) => (github ? (lastSunday - 7 * (n - 1 - i)) * 86_400_000 : now - (n - i) * week);
  const weeks = all
    .slice(all.length - n)
    .map((commits, i) => ({ start: new Date(start(i)).toISOString().slice(0, 10), commits }));
  return {
    url: r.url,
    stars: r.stars,
    forks: r.forks,
    watchers: r.watchers,
    commits: r.commits,
    commits30d: r.commits30d,
    contributors: r.contributors,
    openIssues: r.openIssues,
    lastCommitAt: r.lastCommitAt.toISOString(),
    createdAt: iso(r.createdAt),
    source: r.source === 'github' ? 'github' : 'demo',
    fetchedAt: iso(r.fetchedAt),
    range,
    weeks,
    commitsInRange: weeks.reduce((a, w) => a + w.commits, 0),
  };
}
