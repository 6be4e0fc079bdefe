/**
 * Portfolios (issue 26): a signed-in reader's named portfolios and their transactions, and the
 * view of any list of transactions at today's market: holdings, average cost, realised and
 * unrealised profit, 24h change, allocation and value over the days (pnl.ts does the arithmetic).
 * A visitor's transactions, kept in the browser, are valued by the same code without being stored.
 *
 * Rules: a reader reaches only their own portfolios (every query names the owner); a change that
 * would sell more than was held at any time is refused whole; one reader's changes run one at a
 * time (their user row is locked), so two tabs cannot both spend the same coins.
 */
import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { lockedFor, type Tx } from '../../../server/db/userLock.ts';
import { coins, portfolios, portfolioTransactions } from '../../../server/db/schema/index.ts';
import { DomainError } from '../../../server/api/errors.ts';
import { Oversold, positions } from './pnl.ts';
import type { TxInput } from './input.ts';
import { pnlOf, rateBook, valuation, type ViewOptions } from './valuation.server.ts';

export type { ViewOptions } from './valuation.server.ts';

export const PORTFOLIOS_MAX = 10;
export const TRANSACTIONS_MAX = 2000;
export const NAME_MAX = 40;

const notFound = () => new DomainError(404, 404, 'portfolio.notFound');
const refuse = (key: string, vars?: Record<string, string | number>) => new DomainError(400, 400, key, vars);

/** A coin a transaction names: slug, or a symbol (the largest coin of that symbol). */
interface CoinRef {
  id: string;
  symbol: string;
  name: string;
}

/** The coins `keys` name, in one query: by slug first, else by symbol. */
async function findCoins(db: Db | Tx, keys: readonly string[]): Promise<Map<string, CoinRef>> {
  const lower = [...new Set(keys.map((k) => k.toLowerCase()))];
  const found = lower.length
    ? await db
        .select({ id: coins.id, symbol: coins.symbol, name: coins.name })
        .from(coins)
        .where(or(inArray(coins.id, lower), inArray(sql`lower(${coins.symbol})`, lower)))
        .orderBy(sql`${coins.rank} asc nulls last`)
    : [];
  const out = new Map<string, CoinRef>();
  for (const c of found) if (lower.includes(c.id)) out.set(c.id, c);
  for (const c of found) {
    const s = c.symbol.toLowerCase();
    if (!out.has(s)) out.set(s, c);
  }
  return out;
}

/** The most different coins one list may hold (a visitor's request values every one of them). */
export const COINS_MAX = 200;

/**
 * Each input as a row ready to insert (its coin found, its rate of the day fixed), or the refusal
 * of that input: the coins in one query, each currency's rates once.
 */
async function resolveEach(db: Db | Tx, inputs: readonly TxInput[]) {
  const found = await findCoins(
    db,
    inputs.map((i) => i.coin),
  );
  if (found.size > COINS_MAX && new Set(inputs.map((i) => found.get(i.coin.toLowerCase())?.id)).size > COINS_MAX)
    throw refuse('portfolio.tooManyCoins', { count: COINS_MAX });
  const rateOf = rateBook(db);
  const out = [];
  for (const input of inputs) {
    const coin = found.get(input.coin.toLowerCase());
    if (!coin) {
      out.push(new DomainError(400, 400, 'portfolio.unknownCoin', { coin: input.coin.slice(0, 40) }));
      continue;
    }
    const at = Date.parse(input.at);
    const usdRate = await rateOf(input.currency, at).catch((e: unknown) =>
      e instanceof DomainError ? e : Promise.reject(e),
    );
    if (usdRate instanceof DomainError) {
      out.push(usdRate);
      continue;
    }
    out.push({
      coinId: coin.id,
      coinSymbol: coin.symbol,
      coinName: coin.name,
      kind: input.kind,
      at: new Date(at),
      quantity: input.quantity,
      price: input.price,
      currency: input.currency,
      usdRate,
      fee: input.fee,
      note: input.note,
      clientId: input.clientId,
    });
  }
  return out;
}

/** Rows ready to insert; the first refused input refuses them all. */
async function resolve(db: Db | Tx, inputs: readonly TxInput[]) {
  const each = await resolveEach(db, inputs);
  const bad = each.find((r) => r instanceof DomainError);
  if (bad) throw bad;
  return each as Exclude<(typeof each)[number], DomainError>[];
}

/**
 * An import's rows checked as the commit would check them, each refusal on its own line: coins,
 * rates, and what would be sold or sent before it is held (after the portfolio's own
 * transactions). The portfolio must be the reader's.
 */
export async function checkImport(
  db: Db,
  userId: number,
  portfolioId: number,
  rows: readonly { line: number; tx: TxInput }[],
) {
  await owned(db, userId, portfolioId);
  const each = await resolveEach(
    db,
    rows.map((r) => r.tx),
  );
  const errors = new Map<number, { key: string; vars: Record<string, string | number> }>();
  each.forEach((r, i) => {
    if (r instanceof DomainError) errors.set(rows[i]!.line, { key: r.key, vars: r.vars });
  });
  if (errors.size === 0) {
    const stored = await rowsOf(db, portfolioId);
    const added = each as NewRow[];
    try {
      positions([...stored, ...added].map(pnlOf));
    } catch (e) {
      if (!(e instanceof Oversold)) throw e;
      const at = e.index - stored.length;
      const r = [...stored, ...added][e.index]!;
      const vars = { coin: r.coinSymbol, held: e.held, at: r.at.toISOString().slice(0, 10) };
      // An import row, or a stored transaction the import left short.
      errors.set(at >= 0 ? rows[at]!.line : rows[0]!.line, { key: 'portfolio.oversold', vars });
    }
  }
  return errors;
}

type Row = typeof portfolioTransactions.$inferSelect;
type NewRow = Awaited<ReturnType<typeof resolve>>[number];

/** Refuses a list in which something is sold or sent before it is held, naming it. */
function mustHold(rows: readonly (Row | NewRow)[]) {
  try {
    positions(rows.map(pnlOf));
  } catch (e) {
    if (!(e instanceof Oversold)) throw e;
    const r = rows[e.index]!;
    throw refuse('portfolio.oversold', { coin: r.coinSymbol, held: e.held, at: r.at.toISOString().slice(0, 10) });
  }
}

async function owned(db: Db | Tx, userId: number, portfolioId: number) {
  const [p] = await db
    .select({ id: portfolios.id, name: portfolios.name })
    .from(portfolios)
    .where(and(eq(portfolios.id, portfolioId), eq(portfolios.userId, userId)));
  if (!p) throw notFound();
  return p;
}

const rowsOf = (db: Db | Tx, portfolioId: number) =>
  db
    .select()
    .from(portfolioTransactions)
    .where(eq(portfolioTransactions.portfolioId, portfolioId))
    .orderBy(asc(portfolioTransactions.at), asc(portfolioTransactions.id));

export async function listPortfolios(db: Db, userId: number) {
  return db
    .select({ id: portfolios.id, name: portfolios.name, transactions: count(portfolioTransactions.id) })
    .from(portfolios)
    .leftJoin(portfolioTransactions, eq(portfolioTransactions.portfolioId, portfolios.id))
    .where(eq(portfolios.userId, userId))
    .groupBy(portfolios.id)
    .orderBy(asc(portfolios.id));
}

function nameIn(raw: unknown): string {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (name === '' || name.length > NAME_MAX) throw refuse('portfolio.nameRule', { count: NAME_MAX });
  return name;
}

async function nameFree(tx: Tx, userId: number, name: string, except = 0) {
  const [taken] = await tx
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(and(eq(portfolios.userId, userId), eq(portfolios.name, name)));
  if (taken && taken.id !== except) throw refuse('portfolio.nameTaken', { name });
}

export function createPortfolio(db: Db, userId: number, rawName: unknown) {
  const name = nameIn(rawName);
  return lockedFor(db, userId, async (tx) => {
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(portfolios).where(eq(portfolios.userId, userId));
    if (n >= PORTFOLIOS_MAX) throw refuse('portfolio.tooManyPortfolios', { count: PORTFOLIOS_MAX });
    await nameFree(tx, userId, name);
    const [p] = await tx
      .insert(portfolios)
      .values({ userId, name })
      .returning({ id: portfolios.id, name: portfolios.name });
    return p!;
  });
}

export function renamePortfolio(db: Db, userId: number, portfolioId: number, rawName: unknown) {
  const name = nameIn(rawName);
  return lockedFor(db, userId, async (tx) => {
    await owned(tx, userId, portfolioId);
    await nameFree(tx, userId, name, portfolioId);
    await tx.update(portfolios).set({ name }).where(eq(portfolios.id, portfolioId));
    return { id: portfolioId, name };
  });
}

export function deletePortfolio(db: Db, userId: number, portfolioId: number) {
  return lockedFor(db, userId, async (tx) => {
    await owned(tx, userId, portfolioId);
    await tx.delete(portfolios).where(eq(portfolios.id, portfolioId));
  });
}

/** Adds transactions to one of the reader's portfolios, all or none; `clientId`s already there are skipped. */
export function addTransactions(db: Db, userId: number, portfolioId: number, inputs: readonly TxInput[]) {
  return lockedFor(db, userId, async (tx) => {
    await owned(tx, userId, portfolioId);
    const rows = await rowsOf(tx, portfolioId);
    // Each browser id once: those already stored, and repeats within the request, are skipped.
    const seen = new Set(rows.map((r) => r.clientId).filter(Boolean));
    const fresh = inputs.filter((i) => {
      if (!i.clientId) return true;
      if (seen.has(i.clientId)) return false;
      seen.add(i.clientId);
      return true;
    });
    if (rows.length + fresh.length > TRANSACTIONS_MAX)
      throw refuse('portfolio.tooManyTransactions', { count: TRANSACTIONS_MAX });
    const added = await resolve(tx, fresh);
    mustHold([...rows, ...added]);
    if (added.length === 0) return [];
    return tx
      .insert(portfolioTransactions)
      .values(added.map((r) => ({ ...r, portfolioId })))
      .returning({ id: portfolioTransactions.id });
  });
}

/** Replaces one transaction, or removes it (`input` null); refused when the rest would not hold. */
export function changeTransaction(db: Db, userId: number, id: number, input: TxInput | null) {
  return lockedFor(db, userId, async (tx) => {
    const [row] = await tx
      .select({ portfolioId: portfolioTransactions.portfolioId })
      .from(portfolioTransactions)
      .innerJoin(portfolios, eq(portfolios.id, portfolioTransactions.portfolioId))
      .where(and(eq(portfolioTransactions.id, id), eq(portfolios.userId, userId)));
    if (!row) throw notFound();
    const rows = await rowsOf(tx, row.portfolioId);
    // A merged transaction keeps its browser id, so merging the same browser list again skips it.
    const clientId = rows.find((r) => r.id === id)!.clientId;
    const next = input ? { ...(await resolve(tx, [input]))[0]!, clientId } : null;
    // The changed row keeps its id, and so its place among transactions of the same time.
    mustHold(rows.flatMap((r): (Row | NewRow)[] => (r.id !== id ? [r] : next ? [{ ...next, id }] : [])));
    if (next) await tx.update(portfolioTransactions).set(next).where(eq(portfolioTransactions.id, id));
    else await tx.delete(portfolioTransactions).where(eq(portfolioTransactions.id, id));
  });
}

const shown = (r: Row) => ({
  id: r.id,
  coin: { id: r.coinId, symbol: r.coinSymbol, name: r.coinName },
  kind: r.kind,
  at: r.at.toISOString(),
  quantity: r.quantity,
  price: r.price,
  currency: r.currency,
  fee: r.fee,
  note: r.note,
});

/** One of the reader's portfolios and its transactions, oldest first (export). */
export async function transactionsOf(db: Db, userId: number, portfolioId: number) {
  const portfolio = await owned(db, userId, portfolioId);
  return { portfolio, transactions: (await rowsOf(db, portfolioId)).map(shown) };
}

/** The reader's portfolio at today's market, in `currency`; transactions newest first. */
export async function portfolioView(db: Db, userId: number, portfolioId: number, opts: ViewOptions) {
  const portfolio = await owned(db, userId, portfolioId);
  const rows = await rowsOf(db, portfolioId);
  return { portfolio, ...(await valuation(db, rows, opts)), transactions: rows.reverse().map(shown) };
}

/**
 * A visitor's browser portfolio joins the reader's portfolio of the same name (made when there is
 * none, the first one when no name is given), each transaction once by its browser id, so a merge
 * that is repeated, or cut off and retried, adds nothing twice.
 */
export async function mergePortfolio(db: Db, userId: number, rawName: unknown, inputs: readonly TxInput[]) {
  const name = nameIn(rawName);
  const [existing] = await db
    .select({ id: portfolios.id, name: portfolios.name })
    .from(portfolios)
    .where(and(eq(portfolios.userId, userId), eq(portfolios.name, name)));
  const target =
    existing ??
    (await createPortfolio(db, userId, name).catch(async (e: unknown) => {
      // Two tabs merging at once: the other made it first.
      const [made] = await db
        .select({ id: portfolios.id, name: portfolios.name })
        .from(portfolios)
        .where(and(eq(portfolios.userId, userId), eq(portfolios.name, name)));
      if (!made) throw e;
      return made;
    }));
  const added = await addTransactions(db, userId, target.id, inputs);
  return { ...target, added: added.length };
}

/** A visitor's transactions valued the same way, newest first with their browser ids; nothing is stored. */
export async function evaluate(db: Db, inputs: readonly TxInput[], opts: ViewOptions) {
  if (inputs.length > TRANSACTIONS_MAX) throw refuse('portfolio.tooManyTransactions', { count: TRANSACTIONS_MAX });
  const rows = await resolve(db, inputs);
  mustHold(rows);
  const transactions = rows.map((r, i) => ({
    ...shown({ ...r, id: 0, portfolioId: 0, createdAt: r.at }),
    id: r.clientId ?? String(i),
  }));
  transactions.sort((x, y) => y.at.localeCompare(x.at));
  return { portfolio: null, ...(await valuation(db, rows, opts)), transactions };
}
