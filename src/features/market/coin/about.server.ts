/**
 * A coin's description for a reader: in the page's language when CoinGecko writes one (stored by
 * the facts refresh in coin_descriptions: en, zh, zh-hk from its zh-tw, ko), a Traditional page
 * falling back to the Simplified one converted, else English (CoinGecko's, else the demo
 * seeder's coins.description), which the page tags as English.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Locale } from '../../../lib/i18n/index.ts';
import type { Db } from '../../../server/db/index.ts';
import { coinDescriptions } from '../../../server/db/schema/index.ts';
import { memoMarket } from '../../../server/db/cache.ts';
import { traditional } from '../../content/sources/index.ts';

export interface CoinAbout {
  text: string;
  /** The language it is written in (the page's, or English). */
  locale: Locale;
  /** 'coingecko' (credited on the page) or 'demo'. */
  source: 'coingecko' | 'demo';
  /** A Simplified description converted for a Traditional Chinese reader. */
  convertedFrom?: 'zh';
}

/** The description of `coin` for a page in `locale`; null when there is none at all. */
export async function coinAbout(
  db: Db,
  coin: { id: string; description: string | null },
  locale: Locale,
): Promise<CoinAbout | null> {
  const wanted: Locale[] = locale === 'zh-hk' ? ['zh-hk', 'zh', 'en'] : locale === 'en' ? ['en'] : [locale, 'en'];
  const rows = await db
    .select({ locale: coinDescriptions.locale, text: coinDescriptions.text })
    .from(coinDescriptions)
    .where(and(eq(coinDescriptions.coinId, coin.id), inArray(coinDescriptions.locale, wanted)));
  for (const l of wanted) {
    const row = rows.find((r) => r.locale === l);
    if (!row) continue;
    if (locale === 'zh-hk' && l === 'zh')
      return { text: traditional(row.text), locale: 'zh-hk', source: 'coingecko', convertedFrom: 'zh' };
    return { text: row.text, locale: l, source: 'coingecko' };
  }
  return coin.description ? { text: coin.description, locale: 'en', source: 'demo' } : null;
}

/**
 * {@link coinAbout} for the coin pages: kept in this process until the market changes, at most
 * 10 s (src/server/db/cache.ts), as the facts refresh that writes descriptions runs hourly, not
 * asked of the database (nor converted to Traditional) per render. Shared: not to be changed.
 */
export function currentCoinAbout(
  db: Db,
  coin: { id: string; description: string | null },
  locale: Locale,
): Promise<CoinAbout | null> {
  return memoMarket(db, 'coinAbout', `${coin.id}:${locale}`, () => coinAbout(db, coin, locale));
}
