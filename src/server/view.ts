import type { AstroGlobal } from 'astro';
import { formatDate, formatDateTime, formatNumber, formatPair, formatPercent, formatRelativeTime, trend } from '../lib/format/index.ts';
import type { ContractType } from '../lib/format/pair.ts';
import type { Locale } from '../lib/i18n/index.ts';
import { createMoney, type Money } from '../lib/money.ts';
import { getDb } from './db/index.ts';
import { memo } from './domain/cache.ts';
import { getRates } from './domain/rates.ts';

const currentRates = async () => {
  const db = await getDb();
  return memo(db, 'rates', 60_000, async () => (await getRates(db)).rates);
};

/**
 * Money formatters shared by the requests of a process, per locale, currency and rate, with
 * their results remembered: a page prints the same few hundred prices as the page before it
 * until the prices move, and exact decimal formatting is not free.
 */
const moneys = new Map<string, Money>();
function sharedMoney(locale: Locale, currency: string, rates: Record<string, number>): Money {
  const plain = createMoney(locale, currency, rates);
  const key = `${locale}|${plain.currency}|${plain.convert(1)}`;
  let money = moneys.get(key);
  if (money) return money;
  if (moneys.size >= 16) moneys.clear(); // rates moved many times, or many currencies: start again
  const remember = (format: (usd: number | null | undefined) => string) => {
    const seen = new Map<number, string>();
    return (usd: number | null | undefined) => {
      if (usd === null || usd === undefined) return format(usd);
      let text = seen.get(usd);
      if (text === undefined) {
        // A page prints a few hundred amounts; the bound keeps 16 formatters × 2 under ~10 MB.
        if (seen.size >= 5_000) seen.clear();
        text = format(usd);
        seen.set(usd, text);
      }
      return text;
    };
  };
  money = { ...plain, price: remember(plain.price), amount: remember(plain.amount) };
  moneys.set(key, money);
  return money;
}

/**
 * Everything a page needs to render in the visitor's language and currency: the translator,
 * locale-aware links and the SPEC §9 formatters bound to the locale.
 */
export async function view(astro: Pick<AstroGlobal, 'locals'>) {
  const { locale, t, base, currency } = astro.locals;
  const now = Date.now();
  const money = sharedMoney(locale, currency, await currentRates());
  return {
    t,
    locale,
    money,
    now,
    /** A site path under the locale prefix the page was requested with. */
    href: (path: string) => `${base}${path === '/' && base ? '' : path}` || '/',
    number: (v: number | null | undefined, abbreviate = true) => formatNumber(v, { locale, abbreviate }),
    percent: (v: number | null | undefined) => formatPercent(v),
    trend,
    date: (v: string | Date | null | undefined) => (v ? formatDate(v) : '--'),
    dateTime: (v: string | Date | null | undefined) => (v ? formatDateTime(v, now) : '--'),
    ago: (v: string | Date | null | undefined) => (v ? formatRelativeTime(v, now, locale) : '--'),
    pair: (pair: string) => formatPair(pair, (c: ContractType) => t(`contract.${c}`)),
  };
}

export type View = Awaited<ReturnType<typeof view>>;
