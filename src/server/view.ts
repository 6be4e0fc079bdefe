import type { AstroGlobal } from 'astro';
import { formatDate, formatDateTime, formatNumber, formatPair, formatPercent, formatRelativeTime, trend } from '../lib/format/index.ts';
import type { ContractType } from '../lib/format/pair.ts';
import { createMoney } from '../lib/money.ts';
import { getDb } from './db/index.ts';
import { memo } from './domain/cache.ts';
import { getRates } from './domain/rates.ts';

const currentRates = () => memo('rates', 60_000, async () => (await getRates(await getDb())).rates);

/**
 * Everything a page needs to render in the visitor's language and currency: the translator,
 * locale-aware links and the SPEC §9 formatters bound to the locale.
 */
export async function view(astro: Pick<AstroGlobal, 'locals'>) {
  const { locale, t, base, currency } = astro.locals;
  const now = Date.now();
  const money = createMoney(locale, currency, await currentRates());
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
