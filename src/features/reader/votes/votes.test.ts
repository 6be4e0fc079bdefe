import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { calendarEvents, flashNews, votes } from '../../../server/db/schema/index.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';
import { signedInUser } from '../../../../tests/api/users.ts';

const { call, get, db } = apiHarness();

type User = { id: number; token: string };
type Result = { id: number; votesUp: number; votesDown: number; credibility?: number | null; myVote: string | null };

const voteFlash = (json: unknown, u?: User) =>
  call<Result>('POST', '/api/new/v1/lives/vote', { json, token: u?.token });
const voteEvent = (json: unknown, u?: User) =>
  call<Result>('POST', '/api/new/v1/calendar/vote', { json, token: u?.token });
const flashRow = async (id: number) =>
  (
    await db().select({ up: flashNews.votesUp, down: flashNews.votesDown }).from(flashNews).where(eq(flashNews.id, id))
  )[0]!;
const eventRow = async (id: number) =>
  (
    await db()
      .select({ up: calendarEvents.votesUp, down: calendarEvents.votesDown, credibility: calendarEvents.credibility })
      .from(calendarEvents)
      .where(eq(calendarEvents.id, id))
  )[0]!;
const allVotes = () => db().select().from(votes).orderBy(asc(votes.userId), asc(votes.itemId));

let flash = 0;
let event = 0;
beforeAll(async () => {
  flash = (await db().select({ id: flashNews.id }).from(flashNews).orderBy(asc(flashNews.id)).limit(1))[0]!.id;
  event = (
    await db().select({ id: calendarEvents.id }).from(calendarEvents).orderBy(asc(calendarEvents.id)).limit(1)
  )[0]!.id;
});

describe('auth and validation', () => {
  it('refuses visitors (401) and bad votes (400), changing nothing', async () => {
    const f = await flashRow(flash);
    const e = await eventRow(event);
    expect((await voteFlash({ id: flash, vote: 'bullish' })).status).toBe(401);
    expect((await voteEvent({ id: event, vote: 'confirm' })).status).toBe(401);
    expect((await call('GET', `/api/v1/votes/mine?kind=flash&ids=${flash}`)).status).toBe(401);
    const u = await signedInUser(db());
    for (const json of [
      { id: flash, vote: 'confirm' },
      { id: flash },
      { id: 'x', vote: 'bullish' },
      { id: 0, vote: 'bullish' },
      { vote: 'bullish' },
      [],
    ]) {
      const res = await voteFlash(json, u);
      expect([JSON.stringify(json), res.status]).toEqual([JSON.stringify(json), 400]);
      expect(res.body.code).not.toBe(0);
      expect(res.body.msg).toMatch(/bullish/);
    }
    expect((await voteEvent({ id: event, vote: 'bullish' }, u)).status).toBe(400);
    expect((await call('POST', '/api/new/v1/lives/vote', { raw: 'nope', token: u.token })).status).toBe(400);
    expect((await voteFlash({ id: 2_000_000_000, vote: 'bullish' }, u)).status).toBe(404);
    expect((await voteEvent({ id: 2_000_000_000, vote: 'doubt' }, u)).status).toBe(404);
    expect((await call('GET', '/api/v1/votes/mine?kind=news&ids=1', { token: u.token })).status).toBe(400);
    expect((await call('GET', '/api/v1/votes/mine?kind=flash&ids=1,x', { token: u.token })).status).toBe(400);
    expect(await flashRow(flash)).toEqual(f);
    expect(await eventRow(event)).toEqual(e);
    expect((await allVotes()).filter((v) => v.userId === u.id)).toEqual([]);
  });
});

describe('flash news', () => {
  it('counts one vote per user, moves it on a switch, removes it with null', async () => {
    const u = await signedInUser(db());
    const start = await flashRow(flash);
    const first = await voteFlash({ id: flash, vote: 'bullish' }, u);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ id: flash, votesUp: start.up + 1, votesDown: start.down, myVote: 'bullish' });
    // Same vote again: nothing moves.
    expect((await voteFlash({ id: String(flash), vote: 'bullish' }, u)).body.data.votesUp).toBe(start.up + 1);
    const switched = await voteFlash({ id: flash, vote: 'bearish' }, u);
    expect(switched.body.data).toEqual({ id: flash, votesUp: start.up, votesDown: start.down + 1, myVote: 'bearish' });
    expect(await flashRow(flash)).toEqual({ up: start.up, down: start.down + 1 });
    // The read side shows the stored counts.
    const item = await get<{ votesUp: number; votesDown: number }>(`/api/v1/lives/${flash}`);
    expect(JSON.stringify(item.body.data)).toContain(`"votesDown":${start.down + 1}`);

    const mine = await call<Record<string, string>>('GET', `/api/v1/votes/mine?kind=flash&ids=${flash},${flash + 1}`, {
      token: u.token,
    });
    expect(mine.body.data).toEqual({ [String(flash)]: 'bearish' });

    const other = await signedInUser(db());
    expect((await voteFlash({ id: flash, vote: 'bearish' }, other)).body.data.votesDown).toBe(start.down + 2);

    const removed = await voteFlash({ id: flash, vote: null }, u);
    expect(removed.body.data).toMatchObject({ votesUp: start.up, votesDown: start.down + 1, myVote: null });
    expect(
      (await call<Record<string, string>>('GET', `/api/v1/votes/mine?kind=flash&ids=${flash}`, { token: u.token })).body
        .data,
    ).toEqual({});
  });

  it('serialises a burst of votes from one user: counts match the single stored vote', async () => {
    const u = await signedInUser(db());
    const start = await flashRow(flash);
    await Promise.all(
      ['bullish', 'bearish', 'bullish', 'bearish', 'bullish'].map((vote) => voteFlash({ id: flash, vote }, u)),
    );
    const end = await flashRow(flash);
    const [mine] = (await allVotes()).filter((v) => v.userId === u.id);
    expect(end.up + end.down).toBe(start.up + start.down + 1);
    expect(mine!.value === 1 ? end.up - start.up : end.down - start.down).toBe(1);
  });
});

describe('calendar events', () => {
  it('confirm / doubt move the counts and the credibility', async () => {
    const u = await signedInUser(db());
    const start = await eventRow(event);
    const res = await voteEvent({ id: event, vote: 'confirm' }, u);
    const cred = (up: number, down: number) => Math.round((up / (up + down)) * 100);
    expect(res.body.data).toEqual({
      id: event,
      votesUp: start.up + 1,
      votesDown: start.down,
      credibility: cred(start.up + 1, start.down),
      myVote: 'confirm',
    });
    const doubt = await voteEvent({ id: event, vote: 'doubt' }, u);
    expect(doubt.body.data).toMatchObject({
      votesUp: start.up,
      votesDown: start.down + 1,
      credibility: cred(start.up, start.down + 1),
      myVote: 'doubt',
    });
    expect(await eventRow(event)).toEqual({
      up: start.up,
      down: start.down + 1,
      credibility: cred(start.up, start.down + 1),
    });
    const read = await get(`/api/v1/calendar/${event}`);
    expect(JSON.stringify(read.body.data)).toContain(`"credibility":${cred(start.up, start.down + 1)}`);
    expect((await call('GET', `/api/v1/votes/mine?kind=calendar&ids=${event}`, { token: u.token })).body.data).toEqual({
      [String(event)]: 'doubt',
    });
    // A flash vote and a calendar vote on the same number are different items.
    expect((await call('GET', `/api/v1/votes/mine?kind=flash&ids=${event}`, { token: u.token })).body.data).toEqual({});
  });
});
