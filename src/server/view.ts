import type { AstroGlobal } from 'astro';
import { formatNumber, formatPair, rememberedPercent, remembering, trend } from '../lib/format/index.ts';
import { formatRelativeTime } from '../lib/format/relative.ts';
import { formatDate, formatDateTime } from '../lib/format/time.ts';
import type { ContractType } from '../lib/format/pair.ts';
import type { Locale } from '../lib/i18n/index.ts';
import { LIST_SIZES, type ListName } from '../lib/pageSizes.ts';
import { createMoney, MARKET_RATE_COINS, type BaseChanges, type ChangePeriod, type Money } from '../lib/money.ts';
import { getDb } from './db/index.ts';
import { memo } from './db/cache.ts';
import { coinNameBook, localCoinName } from '../features/market/coins/index.ts';
import { getRates, rateCoinChanges } from './rates/rates.ts';

/** Shared with the widget (same memo key, same value: the whole getRates answer). */
const currentRates = async () => {
  const db = await getDb();
  return memo(db, 'rates', 60_000, () => getRates(db));
};

/**
 * Money formatters shared by the requests of a process, per locale, currency and rate, with
 * their results remembered: a page prints the same few hundred prices as the page before it
 * until the prices move, and exact decimal formatting is not free.
 */
const moneys = new Map<string, Money>();
function sharedMoney(locale: Locale, currency: string, rates: Record<string, number>, base: BaseChanges = {}): Money {
  const plain = createMoney(locale, currency, rates, base);
  const key = `${locale}|${plain.currency}|${plain.convert(1)}|${MARKET_RATE_COINS[plain.currency] ? JSON.stringify(base) : ''}`;
  let money = moneys.get(key);
  if (money) return money;
  if (moneys.size >= 16) moneys.clear(); // rates moved many times, or many currencies: start again
  // A page prints a few hundred amounts; the bound keeps 16 formatters × 2 under ~10 MB.
  money = { ...plain, price: remembering(plain.price), amount: remembering(plain.amount) };
  moneys.set(key, money);
  return money;
}

/** Market figures ("1.23B") per locale, remembered across requests like money. */
const numbers = new Map<string, (v: number | null | undefined) => string>();
function sharedNumber(locale: Locale, abbreviate: boolean) {
  const key = `${locale}|${abbreviate}`;
  let format = numbers.get(key);
  if (!format)
    numbers.set(key, (format = remembering((v: number | null | undefined) => formatNumber(v, { locale, abbreviate }))));
  return format;
}

/**
 * Everything a page needs to render in the visitor's language and currency: the translator,
 * locale-aware links and the SPEC §9 formatters bound to the locale.
 */
export async function view(astro: Pick<AstroGlobal, 'locals'>) {
  const { locale, t, base, currency, list, pageSize } = astro.locals;
  const now = Date.now();
  const crypto = Boolean(MARKET_RATE_COINS[currency]);
  const [{ rates, fiatTimestamp }, names, changes] = await Promise.all([
    currentRates(),
    getDb().then(coinNameBook),
    crypto ? getDb().then((db) => memo(db, 'rate-changes', 60_000, () => rateCoinChanges(db))) : {},
  ]);
  let against: BaseChanges = (changes as Record<string, BaseChanges>)[currency] ?? {};
  /** The coin's name in the page's language (比特币), or its English name when it has none. */
  const coinName = (c: { id: string; name: string }) => localCoinName(names, locale, c.id) ?? c.name;
  const self = {
    t,
    locale,
    money: sharedMoney(locale, currency, rates, against),
    /** For a crypto currency, its coin's USD changes (what `money.change` measures against), for the page's scripts. */
    baseChanges: () => (crypto ? against : null),
    /**
     * Takes the rate of a crypto currency (BTC, ETH, USDT) from the rows the page shows when
     * they hold its coin, so prices and rate come from the same moment: bitcoin in BTC is 1,
     * not the 0.9991 of a rate read a minute earlier, and its change there 0. Call it before
     * anything is formatted.
     */
    alignRates(
      rows: readonly ({ id: string; price: number | null } & Partial<
        Record<`change${'1h' | '24h' | '7d' | '30d' | '1y'}`, number | null>
      >)[],
    ) {
      const coinId = MARKET_RATE_COINS[currency];
      const row = coinId ? rows.find((r) => r.id === coinId) : undefined;
      if (!row?.price || row.price <= 0) return;
      const periods: ChangePeriod[] = ['1h', '24h', '7d', '30d', '1y'];
      for (const p of periods) if (row[`change${p}`] !== undefined) against = { ...against, [p]: row[`change${p}`] };
      self.money = sharedMoney(locale, currency, { ...rates, [currency]: 1 / row.price }, against);
    },
    now,
    /** When the oldest fiat rate was fetched (the currency menu shows it), or null. */
    ratesAsOf: fiatTimestamp === null ? null : new Date(fiatTimestamp),
    coinName,
    /** For titles and meta: the local name followed by the English one ("比特币 Bitcoin"), or the English name alone. */
    coinFullName: (c: { id: string; name: string }) => {
      const local = coinName(c);
      return local === c.name ? c.name : `${local} ${c.name}`;
    },
    /** The list this page shows, whose pager remembers the size a reader chooses (src/lib/pageSizes.ts). */
    list,
    /** The rows `list` shows when the URL names no size: the size the reader chose for it, else its default. */
    pageSize: (name: ListName): number => (name === list ? pageSize : undefined) ?? LIST_SIZES[name],
    /** A site path under the locale prefix the page was requested with. */
    href: (path: string) => `${base}${path === '/' && base ? '' : path}` || '/',
    number: (v: number | null | undefined, abbreviate = true) => sharedNumber(locale, abbreviate)(v),
    percent: rememberedPercent,
    /** A count of things (views, followers, answers), exact and grouped: none is "0", not the "--" of a missing market figure. */
    count: (n: number) => (n === 0 ? '0' : formatNumber(n, { locale, abbreviate: false })),
    trend,
    date: (v: string | Date | null | undefined) => (v ? formatDate(v) : '--'),
    dateTime: (v: string | Date | null | undefined) => (v ? formatDateTime(v, now) : '--'),
    ago: (v: string | Date | null | undefined) => (v ? formatRelativeTime(v, now, locale) : '--'),
    pair: (pair: string) => formatPair(pair, (c: ContractType) => t(`contract.${c}`)),
  };
  return self;
}

export type View = Awaited<ReturnType<typeof view>>;
