import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { DomainError } from '../../../server/api/errors.ts';
import { castVote, MY_VOTES_MAX, myVotes, voteValue, type VoteKind } from './votes.server.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { requireAuth } from '../../../server/api/middleware/auth.ts';
import { done, fail } from '../../../server/api/respond.ts';
import { doc } from '../../../server/api/openapi.ts';
import { z } from 'zod';

type C = Context<ApiEnv>;

const badVote = () => new DomainError(400, 4005, 'vote.badVote');
const smallBody = bodyLimit({
  maxSize: 1024,
  onError: (c) => fail(c as C, 413, 413, (c as C).get('t')('vote.badVote')),
});

/** `{ id, vote }`: id a positive whole number (or its digits), vote one of the kind's two choices or null to remove. */
async function voteOf(c: C, kind: VoteKind): Promise<{ id: number; value: 1 | -1 | null }> {
  let b: unknown;
  try {
    b = await c.req.json();
  } catch {
    throw badVote();
  }
  if (!b || typeof b !== 'object' || Array.isArray(b)) throw badVote();
  const { id: rawId, vote } = b as Record<string, unknown>;
  const id = typeof rawId === 'string' && /^\d{1,10}$/.test(rawId) ? Number(rawId) : rawId;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw badVote();
  if (vote === null) return { id, value: null };
  const value = voteValue(kind, vote);
  if (value === undefined) throw badVote();
  return { id, value };
}

const vote = (kind: VoteKind) => async (c: C) => {
  const { id, value } = await voteOf(c, kind);
  return done(c, await castVote(c.get('db'), c.get('user')!.id, kind, id, value));
};

/**
 * Readers' votes (issue 10), signed in.
 *
 * - POST /api/new/v1/lives/vote `{ id, vote: 'bullish'|'bearish'|null }` → `{ id, votesUp, votesDown, myVote }`.
 * - POST /api/new/v1/calendar/vote `{ id, vote: 'confirm'|'doubt'|null }` → `{ id, votesUp, votesDown, credibility, myVote }`.
 * - GET /api/v1/votes/mine?kind=flash|calendar&ids=1,2,3 → `{ [id]: choice }` for the items the reader voted on.
 *
 * One vote per user per item; voting again the other way moves the vote, `null` removes it.
 */
export const voteRoutes = new Hono<ApiEnv>()
  .post(
    '/new/v1/lives/vote',
    doc({
      tag: 'Reviews and votes',
      summary: 'Vote on a flash news item (null removes the vote)',
      body: z.object({ id: z.number().int(), vote: z.enum(['bullish', 'bearish']).nullable() }),
      handlerValidates: true,
    }),
    requireAuth,
    smallBody,
    vote('flash'),
  )
  .post(
    '/new/v1/calendar/vote',
    doc({
      tag: 'Reviews and votes',
      summary: 'Vote on a calendar event (null removes the vote)',
      body: z.object({ id: z.number().int(), vote: z.enum(['confirm', 'doubt']).nullable() }),
      handlerValidates: true,
    }),
    requireAuth,
    smallBody,
    vote('calendar'),
  )
  .get(
    '/v1/votes/mine',
    doc({
      tag: 'Reviews and votes',
      summary: 'The user’s votes on the given items',
      query: z.object({ kind: z.enum(['flash', 'calendar']), ids: z.string().describe('Comma-separated ids') }),
      handlerValidates: true,
    }),
    requireAuth,
    async (c) => {
      const kind = c.req.query('kind');
      if (kind !== 'flash' && kind !== 'calendar') throw badVote();
      const raw = c.req.query('ids') ?? '';
      const parts = raw.trim() === '' ? [] : raw.split(',');
      if (
        parts.length > MY_VOTES_MAX ||
        !parts.every((p) => /^\d{1,10}$/.test(p.trim()) && Number(p) <= 2_147_483_647 && Number(p) >= 1)
      ) {
        throw new DomainError(400, 4006, 'vote.idsRule');
      }
      return done(c, await myVotes(c.get('db'), c.get('user')!.id, kind, [...new Set(parts.map((p) => Number(p)))]));
    },
  );
