/**
 * Concept sectors (/concept): groups of coins such as "DeFi" or "Layer 2" from the `concepts`
 * and `coin_concepts` tables, with figures computed from the member coins:
 *
 * - coins: how many coins the sector has;
 * - market cap and 24h volume: sums over the members (missing values count as 0);
 * - 24h change: the market-cap-weighted mean of the members' 24h changes, Σ(cap × change) ÷ Σcap
 *   over the members that have both a positive market cap and a change (so the sector moves
 *   like an index of its coins, and a tiny coin's +300 % barely shows);
 * - rising / falling: members whose 24h change is above / below zero;
 * - leaders: the three largest members by market cap.
 *
 * The figures are summed in the database (one row per sector), not in code over every member:
 * a sector of the 20,000-coin universe has thousands of them.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { coinConcepts, coins, concepts } from '../../../server/db/schema/index.ts';
import { notFound } from '../../../server/api/errors.ts';
import { memoMarket } from '../../../server/db/cache.ts';
import {
  coinIcon,
  COIN_SORTS,
  coinSortColumn,
  summaryColumns,
  toSummary,
  type CoinSort,
  type CoinSummary,
} from '../coins/index.ts';
import { num } from '../../../server/db/numbers.ts';

export const SECTOR_SORTS = ['marketCap', 'change24h', 'volume24h', 'coins', 'name'] as const;
export type SectorSort = (typeof SECTOR_SORTS)[number];
const LEADER_COUNT = 3;

/** The figures of one member coin that sector statistics use. */
export interface MemberInput {
  id: string;
  marketCap: number | null;
  change24h: number | null;
  volume24h: number | null;
}

interface SectorStats {
  coins: number;
  marketCap: number;
  volume24h: number;
  /** Market-cap-weighted 24h change in per cent; null when no member has cap and change. */
  change24h: number | null;
  rising: number;
  falling: number;
}

interface SectorLeader {
  id: string;
  symbol: string;
  name: string;
  icon: string;
  change24h: number | null;
}

export interface Sector extends SectorStats {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  leaders: SectorLeader[];
}

/**
 * Market-cap-weighted mean change: Σ(cap × change) ÷ Σcap over members with a positive cap and a
 * change; null when there are none.
 * @example weightedChange([{ marketCap: 300, change24h: 10 }, { marketCap: 100, change24h: -10 }]) // 5
 */
export function weightedChange(members: readonly Pick<MemberInput, 'marketCap' | 'change24h'>[]): number | null {
  let weight = 0;
  let sum = 0;
  for (const m of members) {
    if (m.marketCap === null || m.change24h === null || !(m.marketCap > 0) || !Number.isFinite(m.change24h)) continue;
    weight += m.marketCap;
    sum += m.marketCap * m.change24h;
  }
  return weight > 0 ? sum / weight : null;
}

/** The statistics of a sector from its member coins. */
export function sectorStats(members: readonly MemberInput[]): SectorStats {
  let marketCap = 0;
  let volume24h = 0;
  let rising = 0;
  let falling = 0;
  for (const m of members) {
    marketCap += m.marketCap ?? 0;
    volume24h += m.volume24h ?? 0;
    if (m.change24h !== null && m.change24h > 0) rising++;
    if (m.change24h !== null && m.change24h < 0) falling++;
  }
  return { coins: members.length, marketCap, volume24h, change24h: weightedChange(members), rising, falling };
}

/** The `count` largest members by market cap (missing caps last, then by id). */
export function leadersOf<T extends MemberInput>(members: readonly T[], count = LEADER_COUNT): T[] {
  return [...members]
    .sort((a, b) => (b.marketCap ?? -1) - (a.marketCap ?? -1) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, count);
}

/**
 * Orders sectors by a column; missing changes go last whatever the direction, ties by name.
 * Default: market cap, largest first.
 */
export function sortSectors<T extends SectorStats & { name: string }>(
  rows: readonly T[],
  sort: SectorSort = 'marketCap',
  order?: 'asc' | 'desc',
): T[] {
  const dir = (order ?? (sort === 'name' ? 'asc' : 'desc')) === 'asc' ? 1 : -1;
  const key = (r: T): number | string | null =>
    sort === 'name'
      ? r.name.toLowerCase()
      : sort === 'coins'
        ? r.coins
        : sort === 'change24h'
          ? r.change24h
          : sort === 'volume24h'
            ? r.volume24h
            : r.marketCap;
  return [...rows].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) {
      if (ka === null) return 1;
      if (kb === null) return -1;
      return dir * (ka < kb ? -1 : 1);
    }
    return a.name.localeCompare(b.name);
  });
}

/** Whether a member counts in the weighted change: a positive market cap and a change. */
const weighted = sql`${coins.marketCap} > 0 and ${coins.change24h} is not null`;

/**
 * The statistics of every sector (or of one) as {@link sectorStats} defines them, summed by the
 * database: one row per sector, not one per member.
 */
function sectorFigures(db: Db, conceptId?: number) {
  return db
    .select({
      conceptId: coinConcepts.conceptId,
      coins: sql<number>`count(*)::int`,
      marketCap: sql<string>`coalesce(sum(${coins.marketCap}), 0)`,
      volume24h: sql<string>`coalesce(sum(${coins.volume24h}), 0)`,
      change24h: sql<string | null>`sum(${coins.marketCap} * ${coins.change24h}) filter (where ${weighted})
        / nullif(sum(${coins.marketCap}) filter (where ${weighted}), 0)`,
      rising: sql<number>`(count(*) filter (where ${coins.change24h} > 0))::int`,
      falling: sql<number>`(count(*) filter (where ${coins.change24h} < 0))::int`,
    })
    .from(coinConcepts)
    .innerJoin(coins, eq(coins.id, coinConcepts.coinId))
    .where(conceptId === undefined ? undefined : eq(coinConcepts.conceptId, conceptId))
    .groupBy(coinConcepts.conceptId);
}

type FigureRow = Awaited<ReturnType<typeof sectorFigures>>[number];
type LeaderRow = { concept_id: number; id: string; symbol: string; name: string; change_24h: string | null };

/**
 * The leaders of every sector (or of one) as {@link leadersOf} orders them: the coins walked from
 * the largest market cap down (its index) until three members are found, instead of sorting all
 * members; members without a cap follow, by id. Ids compare by code point, as in code.
 */
async function sectorLeaders(db: Db, conceptId?: number): Promise<Map<number, LeaderRow[]>> {
  const member = sql`exists (select 1 from ${coinConcepts} m where m.coin_id = c.id and m.concept_id = k.id)`;
  const res = await db.execute(sql`
    select k.id as concept_id, l.id, l.symbol, l.name, l.change_24h
    from ${concepts} k cross join lateral (
      select * from (
        (select c.id, c.symbol, c.name, c.change_24h, c.market_cap from ${coins} c
          where c.market_cap is not null and ${member}
          order by c.market_cap desc, c.id collate "C" limit ${LEADER_COUNT})
        union all
        (select c.id, c.symbol, c.name, c.change_24h, null from ${coins} c
          where c.market_cap is null and ${member}
          order by c.id collate "C" limit ${LEADER_COUNT})
      ) t
      order by t.market_cap desc nulls last, t.id collate "C" limit ${LEADER_COUNT}
    ) l
    ${conceptId === undefined ? sql`` : sql`where k.id = ${conceptId}`}
    order by k.id, l.market_cap desc nulls last, l.id collate "C"`);
  const byConcept = new Map<number, LeaderRow[]>();
  for (const r of (res as unknown as { rows: LeaderRow[] }).rows) {
    const list = byConcept.get(r.concept_id) ?? [];
    list.push(r);
    byConcept.set(r.concept_id, list);
  }
  return byConcept;
}

async function figuresWithLeaders(db: Db, conceptId?: number) {
  const [figures, leaders] = await Promise.all([sectorFigures(db, conceptId), sectorLeaders(db, conceptId)]);
  return { figures: new Map(figures.map((f) => [f.conceptId, f])), leaders };
}

function buildSector(c: typeof concepts.$inferSelect, f: FigureRow | undefined, leaders: LeaderRow[]): Sector {
  return {
    id: c.id,
    slug: c.slug,
    name: c.name,
    description: c.description,
    coins: f?.coins ?? 0,
    marketCap: num(f?.marketCap) ?? 0,
    volume24h: num(f?.volume24h) ?? 0,
    change24h: num(f?.change24h),
    rising: f?.rising ?? 0,
    falling: f?.falling ?? 0,
    leaders: leaders.map((m) => ({
      id: m.id,
      symbol: m.symbol,
      name: m.name,
      icon: coinIcon(m.id),
      change24h: num(m.change_24h),
    })),
  };
}

/** Every sector with its statistics and leading coins, sorted. */
export async function listSectors(
  db: Db,
  q: { sort?: SectorSort | undefined; order?: 'asc' | 'desc' | undefined } = {},
): Promise<Sector[]> {
  const [conceptRows, { figures, leaders }] = await Promise.all([
    db.select().from(concepts).orderBy(asc(concepts.id)),
    figuresWithLeaders(db),
  ]);
  return sortSectors(
    conceptRows.map((c) => buildSector(c, figures.get(c.id), leaders.get(c.id) ?? [])),
    q.sort ?? 'marketCap',
    q.order,
  );
}

/**
 * {@link listSectors} for the /concept page: the same for every visitor until the market changes,
 * so it is kept until then (src/server/db/cache.ts) instead of summing every member of every
 * sector per request (27 ms at 20,000 coins). The API reads fresh. Shared: not to be changed.
 */
export function currentSectors(
  db: Db,
  q: { sort?: SectorSort | undefined; order?: 'asc' | 'desc' | undefined } = {},
): Promise<Sector[]> {
  return memoMarket(db, 'sectors', `${q.sort ?? ''}:${q.order ?? ''}`, () => listSectors(db, q), { max: 16 });
}

/** A sector by slug or numeric id. */
async function findConcept(db: Db, idOrSlug: string) {
  const where = /^\d{1,9}$/.test(idOrSlug) ? eq(concepts.id, Number(idOrSlug)) : eq(concepts.slug, idOrSlug);
  const [row] = await db.select().from(concepts).where(where).limit(1);
  if (!row) throw notFound('knowledge.missing');
  return row;
}

export { COIN_SORTS as SECTOR_COIN_SORTS };

export type SectorDetail = Sector & {
  list: CoinSummary[];
  page: number;
  size: number;
  total: number;
  sort: CoinSort;
  order: 'asc' | 'desc';
};

/**
 * One sector with its statistics and a page of its coins (default: by market-cap rank).
 * Unknown sector → 404 "Content does not exist or has been removed".
 */
export async function getSector(
  db: Db,
  idOrSlug: string,
  q: { page: number; size: number; sort?: CoinSort | undefined; order?: 'asc' | 'desc' | undefined },
): Promise<SectorDetail> {
  const concept = await findConcept(db, idOrSlug);
  const sort = q.sort ?? 'rank';
  const order = q.order ?? (sort === 'rank' || sort === 'name' ? 'asc' : 'desc');
  const memberIds = db
    .select({ id: coinConcepts.coinId })
    .from(coinConcepts)
    .where(eq(coinConcepts.conceptId, concept.id));
  const [{ figures, leaders }, rows] = await Promise.all([
    figuresWithLeaders(db, concept.id),
    db
      .select(summaryColumns)
      .from(coins)
      .where(inArray(coins.id, memberIds))
      .orderBy(
        sql`${coinSortColumn[sort]} ${order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`}`,
        asc(coins.id),
      )
      .limit(q.size)
      .offset((q.page - 1) * q.size),
  ]);
  const list: CoinSummary[] = rows.map(toSummary);
  const sector = buildSector(concept, figures.get(concept.id), leaders.get(concept.id) ?? []);
  return { ...sector, list, total: sector.coins, page: q.page, size: q.size, sort, order };
}

/**
 * {@link getSector} for the /concept/{id} page: a page of a sector kept until the market changes,
 * like {@link currentSectors}; an unknown sector is not kept. Shared: not to be changed.
 */
export function currentSector(
  db: Db,
  idOrSlug: string,
  q: { page: number; size: number; sort?: CoinSort | undefined; order?: 'asc' | 'desc' | undefined },
): Promise<SectorDetail> {
  const key = [idOrSlug, q.page, q.size, q.sort, q.order].join(':');
  return memoMarket(db, 'sector', key, () => getSector(db, idOrSlug, q), { max: 64 });
}
