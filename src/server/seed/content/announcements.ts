/**
 * Demo exchange announcements and site notices.
 *
 * Announcements: 200 announcement "events" by the top 30 centralised exchanges over the 30 days ending at
 * `now` (about ten of them today), each published in English and Chinese, as exchanges do:
 * 400 rows with their own original URL. Categories are the stable codes of
 * `ANNOUNCEMENT_CATEGORIES` (the UI translates them). Listings and delistings name coins from
 * the middle of the market; activities, maintenance and other notices mostly concern the top
 * coins, so the coin pages of the leaders have announcements too.
 *
 * Notices: 20 operator notices over the last 60 days, in English and Chinese (40 rows).
 *
 * The texts are in data/announcement-texts.ts.
 */
import { ANNOUNCEMENT_CATEGORIES, type AnnouncementCategory } from '../../../features/content/announcements/index.ts';
import { announcementCoins, announcements, exchanges, notices } from '../../db/schema/index.ts';
import { bulkInsert } from '../bulk.ts';
import { NOTICES, TEMPLATES, type NoticeTemplate, type Vars } from '../data/announcement-texts.ts';
import type { Rng } from '../random.ts';
import type { ContentSeedContext, SeedCoin, SeedExchange } from './context.ts';

const EVENTS = 200;
const TODAY_EVENTS = 10;
const DAYS = 30;
const EXCHANGES = 30;
const NOTICE_EVENTS = 20;
const NOTICE_DAYS = 60;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const CATEGORY_WEIGHT: Record<AnnouncementCategory, number> = {
  listing: 30,
  delisting: 10,
  activity: 25,
  maintenance: 20,
  other: 15,
};
/** Listings draw more readers than maintenance notices. */
const CATEGORY_VIEWS: Record<AnnouncementCategory, number> = {
  listing: 2.5,
  delisting: 1.8,
  activity: 1.4,
  maintenance: 0.7,
  other: 0.8,
};

const pad = (n: number) => String(n).padStart(2, '0');
const dayText = (t: number) => {
  const d = new Date(t);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};
const timeText = (t: number) => {
  const d = new Date(t);
  return `${dayText(t)} ${pad(d.getUTCHours())}:00`;
};
const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/** Publication times of `count` events: `today` of them since midnight UTC, the rest over `days` days. */
function publicationTimes(rng: Rng, now: number, count: number, today: number, days: number): number[] {
  const midnight = Math.floor(now / DAY) * DAY;
  const sinceMidnight = Math.max(now - midnight, 1);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t =
      i < today
        ? midnight + Math.floor(rng.next() * sinceMidnight)
        : midnight - Math.floor(rng.next() * days * DAY) - 1;
    times.push(t - (t % 60_000)); // whole minutes
  }
  return times.sort((a, b) => a - b);
}

/** Writes the demo rows; returns how many were written. */
export async function seedAnnouncements(ctx: ContentSeedContext): Promise<number> {
  const rng = ctx.rng('announcements');
  const now = ctx.now.getTime();
  // Centralised exchanges publish announcements; DEXes have no listing desk or maintenance.
  const info = new Map(
    (await ctx.db.select({ id: exchanges.id, type: exchanges.type, website: exchanges.website }).from(exchanges)).map(
      (r) => [r.id, r],
    ),
  );
  const sources = ctx.exchanges.filter((e) => info.get(e.id)?.type === 'CEX').slice(0, EXCHANGES);
  if (sources.length === 0 || ctx.coins.length < 60) return 0;
  const websites = new Map(sources.map((e) => [e.id, info.get(e.id)?.website]));
  const top = ctx.coins.slice(0, 60);
  const middle = ctx.coins.slice(15, 400);
  const topCoin = (r: Rng) => r.weighted(top, (c) => 1 / ((c.rank ?? top.length) + 1.5));
  const midCoin = (r: Rng) => r.pick(middle);
  const exchangeOf = (r: Rng): { ex: SeedExchange; weight: number } => {
    const i = Math.floor(
      r.weighted(
        sources.map((_, k) => k),
        (k) => 1 / (k + 3),
      ),
    );
    return { ex: sources[i] as SeedExchange, weight: 1 / Math.sqrt(i + 1) };
  };

  type Row = typeof announcements.$inferInsert;
  const rows: Row[] = [];
  const links: { row: number; coinId: string }[] = [];
  const times = publicationTimes(rng, now, EVENTS, TODAY_EVENTS, DAYS);
  times.forEach((published, n) => {
    const category = rng.weighted(ANNOUNCEMENT_CATEGORIES, (c) => CATEGORY_WEIGHT[c]);
    const template = rng.pick(TEMPLATES[category]);
    const { ex, weight } = exchangeOf(rng);
    const pickCoin = category === 'listing' || category === 'delisting' ? midCoin : topCoin;
    const c = pickCoin(rng);
    let c2 = topCoin(rng);
    if (c2.id === c.id) c2 = top.find((x) => x.id !== c.id) as SeedCoin;
    const later = published + rng.int(2, 72) * HOUR;
    const vars: Vars = { x: ex.displayName, c, c2, n: rng.int(2, 30), at: timeText(later), day: dayText(later) };
    const coinIds = template.coins === 0 ? [] : template.coins === 1 ? [c.id] : [c.id, c2.id];
    const ageHours = (now - published) / HOUR;
    const base = website(websites.get(ex.id), ex.name);
    for (const locale of ['en', 'zh'] as const) {
      const [title, body] = template[locale](vars);
      // The Chinese edition follows a few minutes later, as exchanges publish both.
      const at = locale === 'en' ? published : Math.min(published + rng.int(0, 20) * 60_000, now);
      const views = Math.round(
        rng.logRange(300, 40_000) * CATEGORY_VIEWS[category] * weight * Math.min(1, (ageHours + 4) / 96),
      );
      const path =
        locale === 'en'
          ? `en/support/announcement/${slugify(title)}-${100_000 + n}`
          : `zh-cn/support/announcement/${100_000 + n}`;
      links.push(...coinIds.map((coinId) => ({ row: rows.length, coinId })));
      rows.push({
        exchangeId: ex.id,
        title,
        category,
        body,
        url: `${base}/${path}`,
        locale,
        views,
        publishedAt: new Date(at),
        createdAt: new Date(at),
      });
    }
  });
  const inserted = await ctx.db.insert(announcements).values(rows).returning({ id: announcements.id });
  await bulkInsert(
    ctx.db,
    announcementCoins,
    links.map((l) => ({ announcementId: (inserted[l.row] as { id: number }).id, coinId: l.coinId })),
  );
  return rows.length + (await seedNotices(ctx, top));
}

function website(stored: string | null | undefined, name: string): string {
  return (stored ?? `https://${name}.example`).replace(/\/+$/, '');
}

/** Writes the operator's notices: each template once or twice, in English and Chinese. */
async function seedNotices(ctx: ContentSeedContext, top: SeedCoin[]): Promise<number> {
  const rng = ctx.rng('notices');
  const now = ctx.now.getTime();
  const times = publicationTimes(rng, now, NOTICE_EVENTS, 1, NOTICE_DAYS);
  const order = [...NOTICES, ...rng.shuffle(NOTICES)].slice(0, NOTICE_EVENTS);
  const picked = rng.shuffle(order);
  const rows: (typeof notices.$inferInsert)[] = [];
  times.forEach((published, n) => {
    const template = picked[n] as NoticeTemplate;
    const c = rng.pick(top.slice(0, 20));
    const ex = rng.pick(ctx.exchanges.slice(0, EXCHANGES));
    const later = published + rng.int(2, 48) * HOUR;
    const vars: Vars = { x: ex.displayName, c, c2: c, n: rng.int(3, 12), at: timeText(later), day: dayText(later) };
    for (const locale of ['en', 'zh'] as const) {
      const [title, body] = template[locale](vars);
      rows.push({ title, category: template.category, body, locale, publishedAt: new Date(published) });
    }
  });
  await ctx.db.insert(notices).values(rows);
  return rows.length;
}
