/**
 * The converter's read model: the currencies a code names (a fiat currency of the site's
 * switcher, else the best-ranked coin with that symbol and a price), the picker's choices, the
 * page's model and the API's quote, and the pairs the sitemap lists.
 */
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Locale } from '../../../lib/i18n/index.ts';
import { DomainError } from '../../../server/api/errors.ts';
import { memo } from '../../../server/db/cache.ts';
import type { Db } from '../../../server/db/index.ts';
import { prepared } from '../../../server/db/prepared.ts';
import { coins, rates } from '../../../server/db/schema/index.ts';
import { translator } from '../../../server/i18n/index.ts';
import { FIAT_SYMBOLS } from '../../../server/rates/fiat.ts';
import { coinNameBook, localCoinName, priceAge } from '../coins/index.ts';
import type { Ratio } from './exact.ts';
import { convertPath, normaliseCode, pairSplits, parseAmount, type ParsedAmount } from './input.ts';
import { quote, quoteText, type Leg, type Quote } from './model.ts';

/** The fiat currencies of the site's switcher; a code among them never names a coin. */
export const FIAT_CODES: readonly string[] = ['USD', ...FIAT_SYMBOLS];
/** How many of the top coins the picker offers (the page carries them; the rest are typed). */
export const PICKER_COINS = 50;
/** The top coins the sitemap pairs with each of {@link SITEMAP_TARGETS}. */
export const SITEMAP_COINS = 20;
const SITEMAP_TARGETS = [...FIAT_CODES, 'BTC', 'ETH'];
/** /convert's pair before the reader picks one. */
const DEFAULT_FROM = 'BTC';

async function fiatLeg(db: Db, code: string, locale: Locale): Promise<Leg | null> {
  const name = translator('en')(`convert.fiat.${code}`);
  const localName = locale === 'en' ? null : translator(locale)(`convert.fiat.${code}`);
  const base = { code, kind: 'fiat' as const, id: null, name, localName, sources: [], stale: false };
  if (code === 'USD') return { ...base, value: '1', at: null };
  const [row] = await db
    .select({ rate: rates.rate, updatedAt: rates.updatedAt })
    .from(rates)
    .where(eq(rates.symbol, code));
  if (!row || !(Number(row.rate) > 0)) return null;
  return { ...base, value: row.rate, at: row.updatedAt.toISOString() };
}

async function coinLeg(db: Db, code: string, locale: Locale): Promise<Leg | null> {
  // Symbols repeat (and are stored as their sources write them): the best-ranked coin with a price.
  const bySymbol = prepared(db, 'convert:coinLeg', (name) =>
    db
      .select({
        id: coins.id,
        symbol: coins.symbol,
        name: coins.name,
        price: coins.price,
        sources: coins.sources,
        priceAt: coins.priceAt,
      })
      .from(coins)
      .where(and(sql`lower(${coins.symbol}) = ${sql.placeholder('symbol')}`, gt(coins.price, '0')))
      .orderBy(sql`${coins.rank} asc nulls last`, asc(coins.id))
      .limit(1)
      .prepare(name),
  );
  const [row] = await bySymbol.execute({ symbol: code.toLowerCase() });
  if (!row?.price) return null;
  const age = priceAge(row);
  return {
    code: row.symbol.toUpperCase(),
    kind: 'coin',
    id: row.id,
    name: row.name,
    localName: localCoinName(await coinNameBook(db), locale, row.id),
    value: row.price,
    at: age.priceAt,
    sources: row.sources,
    stale: age.stale,
  };
}

/** The currency a code names, or null: a fiat code first, else the best-ranked coin with that symbol. */
export function resolveLeg(db: Db, code: string, locale: Locale): Promise<Leg | null> {
  const c = code.toUpperCase();
  return FIAT_CODES.includes(c) ? fiatLeg(db, c, locale) : coinLeg(db, c, locale);
}

/** The pair a readable path's segment names ("btc-usd"), trying each hyphen in turn; null when none resolves. */
export async function resolvePair(db: Db, segment: string, locale: Locale): Promise<{ from: Leg; to: Leg } | null> {
  for (const [a, b] of pairSplits(segment)) {
    const [from, to] = await Promise.all([resolveLeg(db, a, locale), resolveLeg(db, b, locale)]);
    if (from && to) return { from, to };
  }
  return null;
}

/** A choice of the picker: a symbol or code and its name in the page's language. */
export interface PickerOption {
  code: string;
  label: string;
}

/**
 * The picker's choices: the currencies, then the top {@link PICKER_COINS} coins with a price (a
 * symbol once, for its best-ranked coin), kept a minute. A few kilobytes at any number of coins.
 */
export function pickerOptions(db: Db, locale: Locale): Promise<PickerOption[]> {
  return memo(db, `convert-picker:${locale}`, 60_000, async () => {
    const [rows, book] = await Promise.all([
      db
        .select({ id: coins.id, symbol: coins.symbol, name: coins.name })
        .from(coins)
        .where(and(isNotNull(coins.rank), gt(coins.price, '0')))
        .orderBy(asc(coins.rank), asc(coins.id))
        .limit(PICKER_COINS),
      coinNameBook(db),
    ]);
    const t = translator(locale);
    const seen = new Set<string>(FIAT_CODES);
    const out: PickerOption[] = FIAT_CODES.map((code) => ({ code, label: t(`convert.fiat.${code}`) }));
    for (const r of rows) {
      const code = r.symbol.toUpperCase();
      if (seen.has(code)) continue;
      seen.add(code);
      out.push({ code, label: localCoinName(book, locale, r.id) ?? r.name });
    }
    return out;
  });
}

/** The converter pages the sitemap lists: the top coins to each currency, to BTC and to ETH. */
export function convertSitemapPaths(db: Db): Promise<string[]> {
  return memo(db, 'convert-sitemap', 60_000, async () => {
    const rows = await db
      .select({ symbol: coins.symbol })
      .from(coins)
      .where(and(isNotNull(coins.rank), gt(coins.price, '0')))
      .orderBy(asc(coins.rank), asc(coins.id))
      .limit(SITEMAP_COINS);
    const symbols = [...new Set(rows.map((r) => r.symbol.toUpperCase()))].filter((s) => !FIAT_CODES.includes(s));
    return symbols.flatMap((s) => SITEMAP_TARGETS.filter((t) => t !== s).map((t) => convertPath(s, t)));
  });
}

/** A message the page shows instead of a result: a `convert.problem.*` key and its values. */
export interface Problem {
  key: string;
  vars?: Record<string, string>;
}

/** What a converter page shows. */
export interface ConvertPageView {
  kind: 'page';
  /** A readable pair path (/convert/btc-usd) rather than /convert. */
  readable: boolean;
  from: Leg | null;
  to: Leg | null;
  /** The amount to convert and its canonical text ("2.5"); null when the one given was refused. */
  amount: { value: Ratio; text: string } | null;
  /** What the form shows: the reader's own input, even when refused. */
  form: { amount: string; from: string; to: string };
  problem: Problem | null;
  /** The picker's choices, the pair's own currencies among them. */
  options: PickerOption[];
  /** The document's title and description and the page's heading, in the page's language. */
  title: string;
  description: string;
  heading: string;
}

export type ConvertPageModel =
  | { kind: 'redirect'; path: string; status: 301 | 302 }
  | { kind: 'missing' }
  | ConvertPageView;

type PageFields = Omit<ConvertPageView, 'kind' | 'options' | 'title' | 'description' | 'heading'>;

/** The page's picker, titles and heading around what was asked. */
async function pageView(db: Db, locale: Locale, f: PageFields): Promise<ConvertPageView> {
  const t = translator(locale);
  const options = [...(await pickerOptions(db, locale))];
  for (const leg of [f.from, f.to])
    if (leg && !options.some((o) => o.code === leg.code))
      options.push({ code: leg.code, label: leg.localName ?? leg.name });
  const base = { kind: 'page' as const, ...f, options };
  if (!f.readable || !f.from || !f.to)
    return { ...base, title: t('convert.title'), description: t('convert.description'), heading: t('convert.heading') };
  const names = {
    from: f.from.code,
    to: f.to.code,
    fromName: f.from.localName ?? f.from.name,
    toName: f.to.localName ?? f.to.name,
  };
  const rate = quoteText({ n: 1n, d: 1n }, f.from, f.to)?.rateValue ?? '--';
  return {
    ...base,
    title: t('convert.pairTitle', names),
    description: t('convert.pairDescription', { ...names, rate }),
    heading: t('convert.pairHeading', names),
  };
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The reader's input as the form shows it again: a refused 3,000-character value need not come back whole. */
const echo = (raw: string) => raw.slice(0, 64);

const amountProblem = (p: ParsedAmount): Problem | null => (p.ok ? null : { key: `convert.problem.${p.problem}` });

/**
 * The page for a request: `pair` is the readable path's segment (undefined on /convert). A
 * readable path naming no pair is missing (the 404 page), one not written in its canonical lower
 * case is redirected there; the form's `?from=&to=&amount=` is redirected to the readable path
 * when both currencies exist, else shown with the problem. A refused amount keeps the pair and
 * shows why. `currency`: the reader's currency setting, /convert's default target.
 */
export async function convertPage(
  db: Db,
  input: { pair: string | undefined; query: URLSearchParams; locale: Locale; currency: string },
): Promise<ConvertPageModel> {
  const { pair, query, locale } = input;
  const rawAmount = query.get('amount');
  const parsed = parseAmount(rawAmount ?? '1');
  const amount = parsed.ok ? { value: parsed.value, text: parsed.text } : null;
  if (pair !== undefined) {
    // The router hands the segment over as sent (%24pac-usd for $PAC).
    const segment = decoded(pair);
    const found = segment.includes('/') ? null : await resolvePair(db, segment, locale);
    if (!found) return { kind: 'missing' };
    const { from, to } = found;
    if (segment !== `${from.code}-${to.code}`.toLowerCase())
      return { kind: 'redirect', path: convertPath(from.code, to.code, rawAmount), status: 301 };
    const form = { amount: echo(rawAmount ?? '1'), from: from.code, to: to.code };
    return pageView(db, locale, { readable: true, from, to, amount, form, problem: amountProblem(parsed) });
  }
  const asked = query.has('from') || query.has('to');
  const fallbackTo = input.currency === DEFAULT_FROM ? 'USD' : input.currency;
  const fromRaw = query.get('from')?.trim() || DEFAULT_FROM;
  const toRaw = query.get('to')?.trim() || fallbackTo;
  const fromCode = normaliseCode(fromRaw);
  const toCode = normaliseCode(toRaw);
  const [from, to] = await Promise.all([
    fromCode ? resolveLeg(db, fromCode, locale) : null,
    toCode ? resolveLeg(db, toCode, locale) : null,
  ]);
  if (asked && from && to) return { kind: 'redirect', path: convertPath(from.code, to.code, rawAmount), status: 302 };
  const unknown = !from ? fromRaw : !to ? toRaw : null;
  const problem: Problem | null =
    unknown === null
      ? amountProblem(parsed)
      : asked
        ? { key: 'convert.problem.unknown', vars: { code: echo(unknown) } }
        : { key: 'convert.problem.noPrices' };
  const form = { amount: echo(rawAmount ?? '1'), from: from?.code ?? echo(fromRaw), to: to?.code ?? echo(toRaw) };
  return pageView(db, locale, { readable: false, from, to, amount, form, problem });
}

/**
 * GET /api/v1/convert: `amount` (default 1) of `from` in `to`, exact, with both legs (their
 * prices or rates, ages and sources). A refused amount or an unknown currency is a 400 naming it.
 */
export async function convertQuote(
  db: Db,
  q: { from: string; to: string; amount?: string | undefined },
  locale: Locale,
): Promise<{ from: Leg; to: Leg } & Quote> {
  const parsed = parseAmount(q.amount ?? '1');
  if (!parsed.ok) throw new DomainError(400, 400, `convert.problem.${parsed.problem}`);
  const legs: Leg[] = [];
  for (const raw of [q.from, q.to]) {
    const code = normaliseCode(raw);
    const leg = code ? await resolveLeg(db, code, locale) : null;
    if (!leg) throw new DomainError(400, 400, 'convert.problem.unknown', { code: echo(raw.trim()) });
    legs.push(leg);
  }
  const [from, to] = legs as [Leg, Leg];
  const answer = quote(parsed.value, from, to);
  if (!answer) throw new DomainError(400, 400, 'convert.problem.noPrices');
  return { from, to, ...answer };
}
