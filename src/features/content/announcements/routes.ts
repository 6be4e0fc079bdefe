import { Hono } from 'hono';
import { z } from 'zod';
import {
  ANNOUNCEMENT_CATEGORIES,
  ANNOUNCEMENT_SORTS,
  badId,
  listAnnouncements,
  parseContentId,
  parseDay,
} from './announcements.server.ts';
import { getAnnouncement } from './detail.server.ts';
import { announcementGroups, countForDay, exchangesWithAnnouncements } from './counts.server.ts';
import { getNotice, listNotices, NOTICE_CATEGORIES } from './notices.server.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { optionalAuth } from '../../../server/api/middleware/auth.ts';
import { ok, parseQuery } from '../../../server/api/respond.ts';
import { pageQuery, slug } from '../../../server/api/schemas.ts';
import { contentLocales } from '../../../server/i18n/contentLocale.ts';
import { doc } from '../../../server/api/openapi.ts';
import { CACHE } from '../../../server/http/cachePolicy.mjs';

const { order: _order, ...paging } = pageQuery;
const contentId = z
  .string()
  .refine((s) => parseContentId(s) !== undefined, 'must be a positive whole number')
  .transform((s) => parseContentId(s) as number);
const day = z
  .string()
  .refine((s) => parseDay(s) !== undefined, 'must be a date YYYY-MM-DD')
  .transform((s) => parseDay(s) as Date);
const noticeIndexQuery = z.object({ ...paging, category: z.enum(NOTICE_CATEGORIES).optional() });
const noticeQuery = z.object({ id: contentId });
const todayQuery = z.object({ exchange: slug.optional(), date: day.optional() });
const groupQuery = z.object({ exchange: slug.optional() });
const announcementsQuery = z.object({
  ...paging,
  exchange: slug.optional(),
  category: z.enum(ANNOUNCEMENT_CATEGORIES).optional(),
  sort: z.enum(ANNOUNCEMENT_SORTS).optional(),
});
/** Documents the id; the handler's own check answers a malformed one. */
const idParams = z.object({ id: z.string() });

/**
 * The API of exchange announcements and site notices (SPEC §7 "Announcements and notices
 * (v2/v3)"). Canonical under /api/new/v2; the same handlers answer under /api/v3. Lists hold
 * the rows of the request language (`lan`): Chinese for zh and zh-hk, English for en and ko,
 * plus rows written in that locale itself (see contentLocales).
 *
 * - GET notice/index?page&size&category: site notices, newest first.
 * - GET notice/getNoticesInfo?id: one site notice.
 * - GET notice/getTodayCount?exchange&date: announcements published on a UTC day (default today).
 * - GET notice/group?exchange: announcement counts per category, in all and today.
 * - GET exchange/list4content: exchanges with announcements and their counts.
 * - GET announcements?page&size&exchange&category&sort=latest|hot: announcements with the
 *   visitor limit (`visibleTotal`, `limited`, `locked`: a visitor sees the rows of the newest 30
 *   in the request's languages that match the filters); a valid session lifts it.
 * - GET announcements/{id}: one announcement with its body and related coins; a visitor opens
 *   only what a visitor window holds (the newest 30 of its language), else 401.
 */
const v2 = new Hono<ApiEnv>()
  .get(
    '/notice/index',
    doc({ tag: 'Announcements and notices', summary: 'Site notices, newest first', query: noticeIndexQuery }),
    async (c) => {
      const q = parseQuery(c, noticeIndexQuery);
      return ok(c, await listNotices(c.get('db'), { ...q, locales: contentLocales(c.get('locale')) }), 60);
    },
  )
  .get(
    '/notice/getNoticesInfo',
    doc({ tag: 'Announcements and notices', summary: 'One site notice', query: noticeQuery }),
    async (c) => {
      const q = parseQuery(c, noticeQuery);
      return ok(c, await getNotice(c.get('db'), q.id), 60);
    },
  )
  .get(
    '/notice/getTodayCount',
    doc({ tag: 'Announcements and notices', summary: 'Announcements published on a UTC day', query: todayQuery }),
    async (c) => {
      const q = parseQuery(c, todayQuery);
      const at = q.date ?? Date.now();
      return ok(
        c,
        await countForDay(c.get('db'), { at, exchange: q.exchange, locales: contentLocales(c.get('locale')) }),
        30,
      );
    },
  )
  .get(
    '/notice/group',
    doc({
      tag: 'Announcements and notices',
      summary: 'Announcement counts per category, in all and today',
      query: groupQuery,
    }),
    async (c) => {
      const q = parseQuery(c, groupQuery);
      const list = await announcementGroups(c.get('db'), {
        now: Date.now(),
        exchange: q.exchange,
        locales: contentLocales(c.get('locale')),
      });
      return ok(
        c,
        { list, total: list.reduce((s, g) => s + g.count, 0), today: list.reduce((s, g) => s + g.today, 0) },
        30,
      );
    },
  )
  .get(
    '/exchange/list4content',
    doc({ tag: 'Announcements and notices', summary: 'Exchanges with announcements and their counts' }),
    async (c) =>
      ok(c, { list: await exchangesWithAnnouncements(c.get('db'), { locales: contentLocales(c.get('locale')) }) }, 60),
  )
  .get(
    '/announcements',
    doc({
      tag: 'Announcements and notices',
      summary: 'Exchange announcements; visitors see those of the newest 30 that match',
      query: announcementsQuery,
    }),
    optionalAuth,
    async (c) => {
      const q = parseQuery(c, announcementsQuery);
      // Signed-in readers see the whole list (SPEC §6); their answer is theirs alone.
      const signedIn = c.get('user') !== undefined;
      const page = await listAnnouncements(c.get('db'), { ...q, locales: contentLocales(c.get('locale')), signedIn });
      if (!signedIn) return ok(c, page, 30);
      c.header('Cache-Control', CACHE.personal);
      return ok(c, page);
    },
  )
  .get(
    '/announcements/:id',
    doc({
      tag: 'Announcements and notices',
      summary:
        'One announcement with its body and related coins; visitors open only the newest 30 of a language the pages list (401 otherwise)',
      params: idParams,
    }),
    optionalAuth,
    async (c) => {
      const id = parseContentId(c.req.param('id'));
      if (id === undefined) throw badId();
      const signedIn = c.get('user') !== undefined;
      const item = await getAnnouncement(c.get('db'), id, { signedIn });
      if (!signedIn) return ok(c, item, 60);
      c.header('Cache-Control', CACHE.personal);
      return ok(c, item);
    },
  );

export const noticeRoutes = new Hono<ApiEnv>().route('/new/v2', v2).route('/v3', v2);
