/**
 * Portfolio routes: a signed-in reader's portfolios and transactions, CSV import (preview, then
 * commit) and export, the merge of a visitor's browser portfolio at sign-in, and `evaluate`,
 * which values a visitor's transactions without storing them.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { DomainError } from '../../../server/api/errors.ts';
import { jsonObject, rowId } from '../../../server/api/body.ts';
import type { ApiEnv } from '../../../server/api/env.ts';
import { requireAuth } from '../../../server/api/middleware/auth.ts';
import { done, fail } from '../../../server/api/respond.ts';
import { doc, type RouteDoc } from '../../../server/api/openapi.ts';
import * as store from './portfolio.server.ts';
import { isInputError, parseTx, TX_CURRENCIES, type InputError, type TxInput } from './input.ts';
import { exportCsv, readCsv } from './csv.ts';
import { CACHE } from '../../../server/http/cachePolicy.mjs';

type C = Context<ApiEnv>;
const me = (c: C) => c.get('user')!.id;
const api = (summary: string, more: Partial<RouteDoc> = {}) =>
  doc({ tag: 'Portfolio', summary, handlerValidates: true, ...more });

/** The most transactions one visitor request may value (they are looked up on every view). */
export const VISITOR_MAX = 500;

/** A refused input; in a list, the message names the entry (`reason` is the entry's own message). */
const refuse = (c: C, e: InputError, line?: number) =>
  line === undefined
    ? new DomainError(400, 400, e.key, { ...e.vars, field: e.field })
    : new DomainError(400, 400, 'portfolio.lineError', { line, field: e.field, reason: c.get('t')(e.key, e.vars) });

/** 2,000 transactions or a CSV of them: 1 MB is plenty. */
const limit = bodyLimit({
  maxSize: 1024 * 1024,
  onError: (c) => fail(c as C, 413, 413, (c as C).get('t')('portfolio.tooLarge')),
});

const body = (c: C) => jsonObject(c, 'portfolio.badBody');

const idIn = (v: unknown) => rowId(v, 'portfolio.idRule');

/** One transaction of add or update: a browser id belongs to the merge only. */
function txOf(c: C, raw: unknown): TxInput {
  const tx = parseTx(raw);
  if (isInputError(tx)) throw refuse(c, tx);
  return { ...tx, clientId: null };
}

function txsOf(c: C, raw: unknown, max: number): TxInput[] {
  if (!Array.isArray(raw)) throw new DomainError(400, 400, 'portfolio.badBody');
  if (raw.length > max) throw new DomainError(400, 400, 'portfolio.tooManyTransactions', { count: max });
  return raw.map((r, i) => {
    const tx = parseTx(r);
    if (isInputError(tx)) throw refuse(c, tx, i + 1);
    return tx;
  });
}

const viewQuery = z.object({
  currency: z.enum(TX_CURRENCIES).default('USD'),
  range: z.enum(['7d', '30d', '90d', '1y']).default('30d'),
});
function viewOptions(c: C): store.ViewOptions {
  const q = viewQuery.safeParse({
    currency: c.req.query('currency') || undefined,
    range: c.req.query('range') || undefined,
  });
  if (!q.success) throw new DomainError(400, 400, 'portfolio.viewRule', { list: TX_CURRENCIES.join(', ') });
  return q.data;
}

const txBody = z.object({
  coin: z.string().describe("a coin's slug or symbol"),
  kind: z.enum(['BUY', 'SELL', 'TRANSFER_IN', 'TRANSFER_OUT']),
  at: z.string().describe('ISO 8601 time'),
  quantity: z.string().describe('decimal, more than 0'),
  price: z.string().optional().describe('decimal per coin in currency; required for BUY and SELL'),
  currency: z.enum(TX_CURRENCIES).optional(),
  fee: z.string().optional(),
  note: z.string().optional(),
});
const idQ = z.object({ id: z.string().describe("the portfolio's id") });

export const portfolioRoutes = new Hono<ApiEnv>()
  .basePath('/new/v1/portfolio')
  .get('/list', api("The reader's portfolios with their transaction counts"), requireAuth, async (c) =>
    done(c, await store.listPortfolios(c.get('db'), me(c))),
  )
  .post('/create', api('A new portfolio', { body: z.object({ name: z.string() }) }), requireAuth, limit, async (c) =>
    done(c, await store.createPortfolio(c.get('db'), me(c), (await body(c)).name), 'portfolio.created'),
  )
  .post(
    '/rename',
    api('Rename a portfolio', { body: z.object({ id: z.number().int(), name: z.string() }) }),
    requireAuth,
    limit,
    async (c) => {
      const b = await body(c);
      return done(c, await store.renamePortfolio(c.get('db'), me(c), idIn(b.id), b.name), 'portfolio.renamed');
    },
  )
  .post(
    '/delete',
    api('Delete a portfolio and its transactions', { body: z.object({ id: z.number().int() }) }),
    requireAuth,
    limit,
    async (c) => {
      await store.deletePortfolio(c.get('db'), me(c), idIn((await body(c)).id));
      return done(c, null, 'portfolio.deleted');
    },
  )
  .get(
    '/view',
    api('A portfolio at the market: holdings, profit and loss, allocation, value over time, transactions', {
      query: idQ.merge(viewQuery.partial()),
    }),
    requireAuth,
    async (c) => done(c, await store.portfolioView(c.get('db'), me(c), idIn(c.req.query('id')), viewOptions(c))),
  )
  .post(
    '/transaction/add',
    api('Add a transaction to a portfolio', { body: txBody.extend({ portfolioId: z.number().int() }) }),
    requireAuth,
    limit,
    async (c) => {
      const b = await body(c);
      const id = idIn(b.portfolioId);
      const [row] = await store.addTransactions(c.get('db'), me(c), id, [txOf(c, b)]);
      return done(c, row ?? null, 'portfolio.added');
    },
  )
  .post(
    '/transaction/update',
    api('Change a transaction', { body: txBody.extend({ id: z.number().int() }) }),
    requireAuth,
    limit,
    async (c) => {
      const b = await body(c);
      await store.changeTransaction(c.get('db'), me(c), idIn(b.id), txOf(c, b));
      return done(c, null, 'portfolio.updated');
    },
  )
  .post(
    '/transaction/delete',
    api('Remove a transaction', { body: z.object({ id: z.number().int() }) }),
    requireAuth,
    limit,
    async (c) => {
      await store.changeTransaction(c.get('db'), me(c), idIn((await body(c)).id), null);
      return done(c, null, 'portfolio.removed');
    },
  )
  .post(
    '/merge',
    api(
      "Keep a visitor's browser portfolio at sign-in: its transactions join the named portfolio (made if new), once each",
      {
        body: z.object({ name: z.string(), transactions: z.array(txBody.extend({ clientId: z.string() })) }),
      },
    ),
    requireAuth,
    limit,
    async (c) => {
      const b = await body(c);
      const txs = txsOf(c, b.transactions, store.TRANSACTIONS_MAX);
      if (txs.some((t) => !t.clientId)) throw new DomainError(400, 400, 'portfolio.badBody');
      return done(c, await store.mergePortfolio(c.get('db'), me(c), b.name, txs));
    },
  )
  .post(
    '/evaluate',
    api("Value a visitor's transactions (kept in their browser) without storing them", {
      body: z.object({ transactions: z.array(txBody) }),
      query: viewQuery.partial(),
    }),
    limit,
    async (c) => {
      const b = await body(c);
      return done(c, await store.evaluate(c.get('db'), txsOf(c, b.transactions, VISITOR_MAX), viewOptions(c)));
    },
  )
  .post(
    '/import',
    api(
      "Import a CSV (this site's export or Binance trade history): a preview, then `commit: true` saves all rows or none",
      {
        body: z.object({ portfolioId: z.number().int(), csv: z.string(), commit: z.boolean().optional() }),
      },
    ),
    requireAuth,
    limit,
    async (c) => {
      const b = await body(c);
      const id = idIn(b.portfolioId);
      const read = readCsv(typeof b.csv === 'string' ? b.csv : '');
      if ('key' in read) throw refuse(c, read);
      // Every row checked as the commit would (coins, rates, oversells), each on its own line.
      const checked = await store.checkImport(
        c.get('db'),
        me(c),
        id,
        read.rows.flatMap((r) => ('tx' in r ? [r] : [])),
      );
      const rows = read.rows.map((r) =>
        'tx' in r && checked.has(r.line) ? { line: r.line, error: { field: 'coin', ...checked.get(r.line)! } } : r,
      );
      const errors = rows.filter((r) => 'error' in r).length;
      const preview = { layout: read.layout, rows, errors };
      if (b.commit !== true || errors > 0) return done(c, { ...preview, saved: 0 });
      const txs = read.rows.flatMap((r) => ('tx' in r ? [{ ...r.tx, clientId: null }] : []));
      const saved = await store.addTransactions(c.get('db'), me(c), id, txs);
      return done(c, { ...preview, saved: saved.length }, 'portfolio.imported');
    },
  )
  .get(
    '/export',
    api("A portfolio's transactions as CSV (the import layout) or JSON", {
      query: idQ.extend({ format: z.enum(['csv', 'json']).optional() }),
      produces: 'text/csv',
    }),
    requireAuth,
    async (c) => {
      const format = c.req.query('format') ?? 'csv';
      if (format !== 'csv' && format !== 'json') throw new DomainError(400, 400, 'portfolio.formatRule');
      const view = await store.transactionsOf(c.get('db'), me(c), idIn(c.req.query('id')));
      const file = `portfolio-${view.portfolio.id}.${format}`;
      c.header('Content-Disposition', `attachment; filename="${file}"`);
      c.header('Cache-Control', CACHE.personal);
      if (format === 'json') return c.json(view.transactions);
      return c.body(exportCsv(view.transactions), 200, { 'Content-Type': 'text/csv; charset=utf-8' });
    },
  );
