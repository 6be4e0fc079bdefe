import { Hono } from 'hono';
import { z } from 'zod';
import {
  CALENDAR_VIEWS,
  DEFAULT_CALENDAR_VIEW,
  calendarView,
  getCalendarEvent,
  parseDay,
  parseId,
} from './calendar.server.ts';
import { DomainError } from '../../../server/api/errors.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { ok, parseQuery } from '../../../server/api/respond.ts';
import { slug } from '../../../server/api/schemas.ts';
import { doc } from '../../../server/api/openapi.ts';

/** A row id in a query or path (flash news and calendar events share them): a positive whole number. */
export const rowId = z
  .string()
  .refine((s) => parseId(s) !== undefined, 'must be a positive whole number')
  .transform((s) => parseId(s) as number);

/** The `:id` path parameter; a malformed one is a 400 naming the field. */
export function pathId(raw: string): number {
  const id = parseId(raw);
  if (id === undefined)
    throw new DomainError(400, 400, 'api.invalidParam', { field: 'id', message: 'must be a positive whole number' });
  return id;
}

export const idParams = z.object({ id: rowId });

const calendarQuery = z.object({
  view: z.enum(CALENDAR_VIEWS).default(DEFAULT_CALENDAR_VIEW),
  date: z
    .string()
    .refine((s) => parseDay(s) !== undefined, 'must be a real date YYYY-MM-DD')
    .transform((s) => parseDay(s) as number)
    .optional(),
  importance: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be 1 to 5')
    .max(5, 'must be 1 to 5')
    .optional(),
  coin: slug.optional(),
});

/**
 * The API of the event calendar.
 *
 * - GET /api/v1/calendar?view=day|week|month&date=YYYY-MM-DD&importance&coin: the events of
 *   the UTC day, Monday-based week or month holding `date` (default today), grouped by day.
 * - GET /api/v1/calendar/{id}: one event with related events of the same coin or exchange.
 */
export const calendarRoutes = new Hono<ApiEnv>()
  .get(
    '/v1/calendar',
    doc({ tag: 'Flash news and calendar', summary: 'Calendar events of a day, week or month', query: calendarQuery }),
    async (c) => {
      const q = parseQuery(c, calendarQuery);
      const now = Date.now();
      return ok(c, await calendarView(c.get('db'), { ...q, date: q.date ?? now, now }), 60);
    },
  )
  .get(
    '/v1/calendar/:id',
    doc({ tag: 'Flash news and calendar', summary: 'One calendar event with related events', params: idParams }),
    async (c) => ok(c, await getCalendarEvent(c.get('db'), pathId(c.req.param('id'))), 60),
  );
