/**
 * SPEC §6: visitors see the newest VISITOR_ANNOUNCEMENT_LIMIT announcements of a list; the rest
 * is for signed-in readers. An announcement opened by id follows the same rule: a visitor opens
 * one only when some list a visitor can page through shows it (the narrowest: its exchange's
 * announcements of its category, in its language), so no id opens what the lists hide.
 */
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { announcements, exchanges } from '../../src/server/db/schema/index.ts';
import { VISITOR_ANNOUNCEMENT_LIMIT, type AnnouncementDetail, type AnnouncementPage } from '../../src/server/domain/announcements.ts';
import { apiHarness } from './helpers.ts';
import { signedInUser } from './users.ts';

const { get, db } = apiHarness();
const V2 = '/api/new/v2';

/** One exchange's "other" announcements in English: the seeded few, and 35 older ones of ours. */
let exchange = '';
let ours: number[] = [];
beforeAll(async () => {
  const [ex] = await db().select({ id: exchanges.id, name: exchanges.name }).from(exchanges).orderBy(asc(exchanges.id)).limit(1);
  exchange = ex!.name;
  const rows = await db()
    .insert(announcements)
    .values(
      Array.from({ length: 35 }, (_, i) => ({
        exchangeId: ex!.id,
        title: `Old notice ${i}`,
        body: `An old announcement, number ${i}.`,
        category: 'other',
        url: `https://example.com/ann/old-${i}`,
        locale: 'en' as const,
        publishedAt: new Date(Date.UTC(2001, 0, 1 + i)),
      })),
    )
    .returning({ id: announcements.id });
  ours = rows.map((r) => r.id); // oldest first
});

describe('an announcement by id', () => {
  it('opens to visitors only within what the lists show them; signed-in readers open every one', async () => {
    const list = await db()
      .select({ id: announcements.id })
      .from(announcements)
      .innerJoin(exchanges, eq(exchanges.id, announcements.exchangeId))
      .where(and(eq(exchanges.name, exchange), eq(announcements.category, 'other'), eq(announcements.locale, 'en')));
    const newestFirst = [...ours].reverse();
    const seeded = list.length - ours.length;
    // The last one visitors see in the exchange's "other" list, and the first one they do not.
    const lastOpen = newestFirst[VISITOR_ANNOUNCEMENT_LIMIT - seeded - 1]!;
    const firstLocked = newestFirst[VISITOR_ANNOUNCEMENT_LIMIT - seeded]!;

    const open = await get<AnnouncementDetail>(`${V2}/announcements/${lastOpen}`);
    expect(open.body.data.title).toMatch(/^Old notice/);
    const locked = await get<AnnouncementDetail>(`${V2}/announcements/${firstLocked}`);
    expect(locked.status).toBe(401);
    expect(locked.body).toEqual({ code: 4011, data: null, msg: 'Log in to read this announcement.' });
    expect(locked.headers.get('cache-control')).toBe('no-store');
    expect((await get(`${V2}/announcements/${ours[0]}?lan=zh`)).body.msg).toBe('登录后即可阅读此公告。');

    // The list agrees: a visitor's last page of it ends with the last open one.
    const pages = Math.ceil(VISITOR_ANNOUNCEMENT_LIMIT / 10);
    const last = await get<AnnouncementPage>(`${V2}/announcements?exchange=${exchange}&category=other&size=10&page=${pages}`);
    expect(last.body.data.list.at(-1)!.id).toBe(lastOpen);
    expect((await get<AnnouncementPage>(`${V2}/announcements?exchange=${exchange}&category=other&size=10&page=${pages + 1}`)).body.data.locked).toBe(true);

    const { token } = await signedInUser(db());
    const signedIn = await get<AnnouncementDetail>(`${V2}/announcements/${ours[0]}`, { headers: { authorization: `Bearer ${token}` } });
    expect(signedIn.body.data).toMatchObject({ id: ours[0], body: 'An old announcement, number 0.' });
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
  });
});
