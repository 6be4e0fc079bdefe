/** Price alert routes: a signed-in reader's alerts (list, set, change, remove). */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { jsonObject, rowId } from '../../../server/api/body.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { requireAuth } from '../../../server/api/middleware/auth.ts';
import { done, fail } from '../../../server/api/respond.ts';
import { doc, type RouteDoc } from '../../../server/api/openapi.ts';
import { ALERT_CURRENCIES, alertInput, createAlert, deleteAlert, listAlerts, updateAlert } from './alerts.server.ts';

type C = Context<ApiEnv>;
const me = (c: C) => c.get('user')!.id;
const api = (summary: string, more: Partial<RouteDoc> = {}) =>
  doc({ tag: 'Portfolio', summary, handlerValidates: true, ...more });

const small = bodyLimit({
  maxSize: 8 * 1024,
  onError: (c) => fail(c as C, 413, 413, (c as C).get('t')('alerts.badBody')),
});

const body = (c: C) => jsonObject(c, 'alerts.badBody');

const idIn = (v: unknown) => rowId(v, 'alerts.idRule');

const alertBody = z.object({
  coin: z.string().describe("a coin's slug or symbol"),
  kind: z.enum(['ABOVE', 'BELOW', 'CHANGE_24H']),
  level: z.string().describe('a price in currency, or a percent for CHANGE_24H'),
  currency: z.enum(ALERT_CURRENCIES).optional(),
  push: z.boolean().optional(),
  email: z.boolean().optional(),
});

export const alertRoutes = new Hono<ApiEnv>()
  .basePath('/new/v1/alerts')
  .get('/list', api("The reader's price alerts with their coins' prices"), requireAuth, async (c) =>
    done(c, await listAlerts(c.get('db'), me(c))),
  )
  .post('/create', api('Set a price alert', { body: alertBody }), requireAuth, small, async (c) =>
    done(c, await createAlert(c.get('db'), me(c), alertInput(await body(c)), c.get('locale')), 'alerts.created'),
  )
  .post(
    '/update',
    api('Change a price alert (it is armed again unless already met)', {
      body: alertBody.extend({ id: z.number().int() }),
    }),
    requireAuth,
    small,
    async (c) => {
      const b = await body(c);
      await updateAlert(c.get('db'), me(c), idIn(b.id), alertInput(b), c.get('locale'));
      return done(c, null, 'alerts.updated');
    },
  )
  .post(
    '/delete',
    api('Remove a price alert', { body: z.object({ id: z.number().int() }) }),
    requireAuth,
    small,
    async (c) => {
      await deleteAlert(c.get('db'), me(c), idIn((await body(c)).id));
      return done(c, null, 'alerts.deleted');
    },
  );
