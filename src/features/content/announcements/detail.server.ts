/**
 * One announcement by id (/announcement/{id}, /exchange/article/{id} and the API): the row, its
 * coins and whether a visitor may read it, in one prepared statement.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { prepared } from '../../../server/db/prepared.ts';
import { announcementCoins, announcements, coins, exchanges } from '../../../server/db/schema/index.ts';
import { DomainError, notFound } from '../../../server/api/errors.ts';
import { coinIcon } from '../../market/coins/index.ts';
import { itemColumns, openToVisitors, toItem, type AnnouncementDetail } from './announcements.server.ts';

type CoinJson = { id: string; symbol: string; name: string };

/**
 * One announcement with its body and related coins; a missing id is a 404 "Content does not
 * exist or has been removed". For visitors (`signedIn` false) one outside every visitor window
 * ({@link openToVisitors}) is a 401 "Log in to read this announcement." (pages render the
 * visitor's view and say so).
 */
export async function getAnnouncement(
  db: Db,
  id: number,
  opts: { signedIn?: boolean } = {},
): Promise<AnnouncementDetail> {
  // One prepared statement, coins included: a detail page is small, and building and sending
  // separate queries was most of its cost.
  const statement = prepared(db, 'announcements:detail', (name) =>
    db
      .select({
        ...itemColumns,
        body: announcements.body,
        open: sql<boolean>`${openToVisitors()}`,
        coins: sql<
          CoinJson[]
        >`(select coalesce(json_agg(json_build_object('id', c.id, 'symbol', c.symbol, 'name', c.name)
            order by c.rank asc nulls last, c.id), '[]'::json)
          from ${announcementCoins} ac join ${coins} c on c.id = ac.coin_id where ac.announcement_id = ${announcements.id})`,
      })
      .from(announcements)
      .innerJoin(exchanges, eq(exchanges.id, announcements.exchangeId))
      .where(eq(announcements.id, sql.placeholder('id')))
      .prepare(name),
  );
  const [row] = await statement.execute({ id });
  if (!row) throw notFound('announcement.missing');
  if (opts.signedIn === false && !row.open) throw new DomainError(401, 4011, 'announcement.loginToRead');
  const related = row.coins.map((c) => ({ ...c, icon: coinIcon(c.id) }));
  return { ...toItem(row, related), body: row.body };
}
