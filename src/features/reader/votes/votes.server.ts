/**
 * Readers' votes: bullish / bearish on flash news, confirm / doubt on calendar events. One per
 * signed-in user per item, changeable and removable. The vote rows and the items' counters
 * (`votes_up`, `votes_down`, and a calendar event's credibility) change in one transaction with
 * the item row locked, so counts never drift from the votes and the read side shows them as is.
 * Seeded items start with counts of their own; readers' votes move them from there.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { calendarEvents, flashNews, votes } from '../../../server/db/schema/index.ts';
import { DomainError } from '../../../server/api/errors.ts';

export type VoteKind = 'flash' | 'calendar';

/** The two choices of each kind: the first counts up (+1), the second down (−1). */
const VOTE_CHOICES = {
  flash: ['bullish', 'bearish'],
  calendar: ['confirm', 'doubt'],
} as const satisfies Record<VoteKind, readonly [string, string]>;

type VoteChoice<K extends VoteKind = VoteKind> = (typeof VOTE_CHOICES)[K][number];

/** At most this many ids in one "my votes" question. */
export const MY_VOTES_MAX = 100;

interface VoteResult {
  id: number;
  votesUp: number;
  votesDown: number;
  /** Calendar events: share of confirming votes, 0–100, null when nobody voted. Flash news: absent. */
  credibility?: number | null;
  /** The reader's vote now; null when removed. */
  myVote: VoteChoice | null;
}

const choiceOf = (kind: VoteKind, value: number): VoteChoice => VOTE_CHOICES[kind][value > 0 ? 0 : 1];

/** The value (+1 / −1) of a choice of `kind`, or undefined. */
export function voteValue(kind: VoteKind, choice: unknown): 1 | -1 | undefined {
  const [up, down] = VOTE_CHOICES[kind];
  return choice === up ? 1 : choice === down ? -1 : undefined;
}

/**
 * Credibility of an event: confirming votes in per cent of all, rounded; null without votes.
 * @example credibility(3, 1) // 75
 */
export function credibility(up: number, down: number): number | null {
  return up + down > 0 ? Math.round((up / (up + down)) * 100) : null;
}

const gone = (kind: VoteKind) => new DomainError(404, 404, kind === 'flash' ? 'vote.flashGone' : 'vote.eventGone');

/**
 * Sets (`value` ±1) or removes (`null`) the user's vote on an item and answers the new counts.
 * Voting the same way twice changes nothing; switching moves one vote from one side to the other.
 */
export async function castVote(
  db: Db,
  userId: number,
  kind: VoteKind,
  itemId: number,
  value: 1 | -1 | null,
): Promise<VoteResult> {
  const table = kind === 'flash' ? flashNews : calendarEvents;
  return db.transaction(async (tx) => {
    const [item] = await tx
      .select({ up: table.votesUp, down: table.votesDown })
      .from(table)
      .where(eq(table.id, itemId))
      .for('update');
    if (!item) throw gone(kind);
    const mine = and(eq(votes.userId, userId), eq(votes.kind, kind), eq(votes.itemId, itemId));
    const [old] = await tx.select({ value: votes.value }).from(votes).where(mine);
    const before = old ? old.value : 0;
    const after = value ?? 0;
    if (before !== after) {
      if (after === 0) await tx.delete(votes).where(mine);
      else if (before === 0) await tx.insert(votes).values({ userId, kind, itemId, value: after });
      else await tx.update(votes).set({ value: after, updatedAt: new Date() }).where(mine);
    }
    const up = Math.max(0, item.up + (after > 0 ? 1 : 0) - (before > 0 ? 1 : 0));
    const down = Math.max(0, item.down + (after < 0 ? 1 : 0) - (before < 0 ? 1 : 0));
    const result: VoteResult = {
      id: itemId,
      votesUp: up,
      votesDown: down,
      myVote: after === 0 ? null : choiceOf(kind, after),
    };
    if (kind === 'calendar') {
      result.credibility = credibility(up, down);
      if (before !== after)
        await tx
          .update(calendarEvents)
          .set({ votesUp: up, votesDown: down, credibility: result.credibility })
          .where(eq(calendarEvents.id, itemId));
    } else if (before !== after) {
      await tx.update(flashNews).set({ votesUp: up, votesDown: down }).where(eq(flashNews.id, itemId));
    }
    return result;
  });
}

/** The user's votes on some items of a kind: `{ [id]: choice }`, items without a vote left out. */
export async function myVotes(
  db: Db,
  userId: number,
  kind: VoteKind,
  ids: readonly number[],
): Promise<Record<string, VoteChoice>> {
  if (ids.length === 0) return {};
  const rows = await db
    .select({ itemId: votes.itemId, value: votes.value })
    .from(votes)
    .where(and(eq(votes.userId, userId), eq(votes.kind, kind), inArray(votes.itemId, [...ids])));
  return Object.fromEntries(rows.map((r) => [String(r.itemId), choiceOf(kind, r.value)]));
}
