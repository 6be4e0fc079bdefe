/**
 * The API's contract, from the routes themselves. Each route carries a `doc({...})` middleware
 * with its summary and the zod schemas of its query, path and body; the middleware validates the
 * query and path with those very schemas before the handler runs (the handler's own parseQuery
 * gets the same parse back), so the published document cannot promise what the route refuses.
 * `openApiDocument(app)` walks the Hono app's routes and writes OpenAPI 3.1 from the docs;
 * `undocumentedRoutes(app)` names any route without one, and a test keeps that list empty.
 */
import type { Hono, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { z, ZodTypeAny } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';
import type { ApiEnv } from './env.ts';
import { optionalAuth, requireAuth } from './middleware/auth.ts';
import { parseParams, parseQuery } from './respond.ts';

/** The groups of routes on the reference page (the SPEC §7 sections, roughly), described. */
const API_TAGS = {
  Account: 'Sign-up, sign-in, passwords, the profile, and binding an e-mail address or phone (SPEC §7 "Account")',
  'Announcements and notices': 'Exchange announcements and notices, their categories, and announcement subscriptions',
  'Coin detail tabs':
    "The tabs of a coin's page: markets, flows, holders, transfers, exchange balances, roadmap and more",
  Columnists: 'Columnists and the columnists a reader follows',
  Community: 'Project updates, questions and answers, and social posts',
  Content: 'News articles, research, bookmarks and the content pages of SPEC §7',
  Favourites: 'A reader\'s favourite coins, pairs and exchanges (SPEC §7 "Favourites")',
  'Flash news and calendar': 'Flash news and the event calendar',
  Knowledge: 'The encyclopedia, the wiki, concept sectors and topics',
  Market: 'Coins, exchanges, pairs, klines and the whole-market totals',
  Offerings: 'Token offerings (ICO/IEO), their platforms and returns',
  Portfolio: "A reader's portfolios (transactions, profit and loss, CSV import and export) and price alerts",
  Push: 'Web Push devices and private announcement feeds',
  Rankings: 'The ranking tables (rises, falls, volume, flows, returns, repositories …)',
  Reviews: 'Reviews of exchanges as lists with their summaries',
  'Reviews and votes': 'Writing and deleting reviews, and votes on flash news and calendar events',
  Search: 'Site search and the quick-search lists',
  'Settings and data': 'Health, base information, exchange rates, page views and this document',
} as const;
type ApiTag = keyof typeof API_TAGS;

export interface RouteDoc {
  /** One line: what the route answers or does. */
  summary: string;
  /** Groups routes on the reference page ({@link API_TAGS}). */
  tag: ApiTag;
  /** Query parameters, validated before the handler runs. */
  query?: z.AnyZodObject;
  /** Path parameters, validated before the handler runs. */
  params?: z.AnyZodObject;
  /**
   * The JSON body. The handler validates it (with SPEC's own messages where it names them, which
   * is why the middleware does not answer first).
   */
  body?: ZodTypeAny;
  /** A multipart body's fields. */
  form?: z.AnyZodObject;
  /**
   * The handler checks its input itself, with the messages SPEC names (accounts, favourites …):
   * the schemas here describe that input for the document and are not applied first.
   */
  handlerValidates?: boolean;
  /** Without the day signature `t` of SPEC §7 (health, the data-centre endpoints). */
  unsigned?: boolean;
  /** The answer is not the JSON envelope (an event stream, a document). */
  produces?: string;
}

const DOC = Symbol.for('coinlens.routeDoc');
type Documented = MiddlewareHandler<ApiEnv> & { [DOC]?: RouteDoc };

/**
 * The route's documentation, and the check of its query and path parameters.
 * @example app.get('/v1/coins', doc({ tag: 'Market', summary: 'Coins, one page', query: coinsQuery }), handler)
 */
export function doc(d: RouteDoc): MiddlewareHandler<ApiEnv> {
  const mw: Documented = createMiddleware<ApiEnv>(async (c, next) => {
    if (!d.handlerValidates) {
      if (d.params) parseParams(c, d.params);
      if (d.query) parseQuery(c, d.query);
    }
    await next();
  });
  mw[DOC] = d;
  return mw;
}

interface Operation {
  method: string;
  /** The Hono path, `/api/v1/coins/:id`. */
  path: string;
  doc: RouteDoc | undefined;
  auth: 'required' | 'optional' | 'none';
}

/** The app's operations, one per method and path, with their docs (undefined when missing). */
export function operations(app: Hono<ApiEnv>): Operation[] {
  const byKey = new Map<string, Operation>();
  for (const r of app.routes) {
    if (r.method === 'ALL') continue;
    const key = `${r.method} ${r.path}`;
    const op = byKey.get(key) ?? { method: r.method, path: r.path, doc: undefined, auth: 'none' as const };
    const h = r.handler as Documented;
    if (h[DOC]) op.doc = h[DOC];
    if (h === requireAuth) op.auth = 'required';
    else if (h === optionalAuth && op.auth === 'none') op.auth = 'optional';
    byKey.set(key, op);
  }
  return [...byKey.values()];
}

/** "GET /api/…" of every route that has no doc(). */
export function undocumentedRoutes(app: Hono<ApiEnv>): string[] {
  return operations(app)
    .filter((o) => !o.doc)
    .map((o) => `${o.method} ${o.path}`);
}

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');

/**
 * A zod schema as JSON Schema of the draft OpenAPI 3.1 uses (2020-12; 2019-09 is the nearest
 * target zod-to-json-schema has): `null` as a type of its own, not OpenAPI 3.0's `nullable`,
 * which 3.1 removed.
 */
function jsonSchema(schema: ZodTypeAny): Record<string, unknown> {
  const { $schema: _, ...rest } = zodToJsonSchema(schema, {
    target: 'jsonSchema2019-09',
    $refStrategy: 'none',
  }) as Record<string, unknown>;
  return rest;
}

function parameters(where: 'query' | 'path', schema: z.AnyZodObject | undefined) {
  if (!schema) return [];
  const s = jsonSchema(schema) as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  return Object.entries(s.properties ?? {}).map(([name, p]) => {
    const { description, ...rest } = p;
    return {
      name,
      in: where,
      required: where === 'path' || (s.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

const envelope = (data: Record<string, unknown> = {}) => ({
  type: 'object',
  required: ['code', 'data', 'msg'],
  properties: {
    code: { type: 'integer', description: '0 on success, non-zero otherwise' },
    data,
    msg: { type: 'string', description: "'success', or a message in the request's language" },
  },
});

/** OpenAPI 3.1 of the app. */
export function openApiDocument(app: Hono<ApiEnv>, info: { version: string }): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<ApiTag>();
  for (const op of operations(app)) {
    if (!op.doc) continue;
    const d = op.doc;
    tags.add(d.tag);
    const common = [
      ...(d.unsigned
        ? []
        : [
            {
              name: 't',
              in: 'query',
              required: true,
              description: 'The day signature of SPEC §7',
              schema: { type: 'string' },
            },
          ]),
      {
        name: 'lan',
        in: 'query',
        required: false,
        description: "Answer language (else the locale cookie, x-locale, 'en')",
        schema: { type: 'string', enum: ['en', 'zh', 'zh-hk', 'ko'] },
      },
    ];
    const body = d.body
      ? { required: true, content: { 'application/json': { schema: jsonSchema(d.body) } } }
      : d.form
        ? { required: true, content: { 'multipart/form-data': { schema: jsonSchema(d.form) } } }
        : undefined;
    const success = d.produces
      ? { content: { [d.produces]: { schema: { type: 'string' } } } }
      : { content: { 'application/json': { schema: envelope() } } };
    paths[openApiPath(op.path)] ??= {};
    paths[openApiPath(op.path)]![op.method.toLowerCase()] = {
      tags: [d.tag],
      summary: d.summary,
      operationId: `${op.method.toLowerCase()}${openApiPath(op.path).replace(/[^A-Za-z0-9]+(.)?/g, (_, ch: string | undefined) => (ch ?? '').toUpperCase())}`,
      parameters: [...parameters('path', d.params), ...parameters('query', d.query), ...common],
      ...(body ? { requestBody: body } : {}),
      // An empty list says so: a public route, no sign-in.
      security: op.auth === 'none' ? [] : op.auth === 'required' ? [{ bearer: [] }] : [{}, { bearer: [] }],
      responses: {
        '200': { description: 'Success', ...success },
        '4XX': {
          description: "The request's mistake: a non-zero code and a message in its language; nothing changed",
          content: { 'application/json': { schema: envelope({ type: 'null' }) } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Coinlens API',
      version: info.version,
      description: 'Every answer is the envelope {code, data, msg}: code 0 on success.',
    },
    servers: [{ url: '/' }],
    tags: [...tags].sort().map((name) => ({ name, description: API_TAGS[name] })),
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
