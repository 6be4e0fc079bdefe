/**
 * Price alerts (issue 26): a signed-in reader's alerts, and their evaluation after each round of
 * a live source (never the simulated market: boot.ts subscribes `evaluateAlerts` to the hub's live
 * rounds only). An alert fires once per crossing (rules.ts): the row is disarmed by a conditional
 * update before anything is sent, so two processes or two rounds cannot both notify one crossing.
 * Notices go by Web Push to the reader's devices and, when asked, by e-mail to a confirmed address,
 * in the language the alert was set in.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { lockedFor } from '../../../server/db/userLock.ts';
import { coins, priceAlerts, users } from '../../../server/db/schema/index.ts';
import { DomainError } from '../../../server/api/errors.ts';
import { getRates, RATE_SYMBOLS } from '../../../server/rates/rates.ts';
import { pushToUser, type PushSender } from '../../../server/notify/push.ts';
import { translator } from '../../../server/i18n/index.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../lib/i18n/index.ts';
import { CURRENCY_SYMBOLS, formatPrice } from '../../../lib/format/index.ts';
import type { TickInput } from '../../../server/realtime/index.ts';
import { delivery } from '../account/index.ts';
import { met, step, type AlertKind } from './rules.ts';

export const ALERTS_MAX = 50;
/** The site's currencies (SPEC's rate options). */
export const ALERT_CURRENCIES = RATE_SYMBOLS;
const KINDS: readonly AlertKind[] = ['ABOVE', 'BELOW', 'CHANGE_24H'];
const DECIMAL = /^\d{1,20}(?:\.\d{1,18})?$/;

const refuse = (key: string, vars?: Record<string, string | number>) =>
  new DomainError(400, 400, `alerts.${key}`, vars);

export interface AlertInput {
  coin: string;
  kind: AlertKind;
  /** As typed: a price in `currency`, or a percent for CHANGE_24H. */
  level: string;
  currency: string;
  push: boolean;
  email: boolean;
}

/** The alert in a request body, or the first thing wrong with it. */
export function alertInput(raw: Record<string, unknown>): AlertInput {
  const coin = typeof raw.coin === 'string' ? raw.coin.trim().toLowerCase() : '';
  if (coin === '' || coin.length > 120) throw refuse('coinRule');
  const kind = KINDS.find((k) => k === raw.kind);
  if (!kind) throw refuse('kindRule');
  const level =
    typeof raw.level === 'number' ? String(raw.level) : typeof raw.level === 'string' ? raw.level.trim() : '';
  if (!DECIMAL.test(level) || Number(level) <= 0) throw refuse('levelRule');
  if (kind === 'CHANGE_24H' && Number(level) > 1000) throw refuse('percentRule');
  const currency = typeof raw.currency === 'string' && raw.currency !== '' ? raw.currency.toUpperCase() : 'USD';
  if (!(ALERT_CURRENCIES as readonly string[]).includes(currency))
    throw refuse('currencyRule', { list: ALERT_CURRENCIES.join(', ') });
  const flag = (v: unknown, fallback: boolean) => (v === undefined ? fallback : v === true);
  const push = flag(raw.push, true);
  const email = flag(raw.email, false);
  if (!push && !email) throw refuse('channelRule');
  return { coin, kind, level, currency, push, email };
}

async function coinOf(db: Db, key: string) {
  const [c] = await db
    .select({ id: coins.id, symbol: coins.symbol, name: coins.name, price: coins.price, change24h: coins.change24h })
    .from(coins)
    .where(sql`${coins.id} = ${key} or lower(${coins.symbol}) = ${key}`)
    .orderBy(sql`${coins.id} = ${key} desc`, sql`${coins.rank} asc nulls last`)
    .limit(1);
  if (!c) throw refuse('unknownCoin', { coin: key.slice(0, 40) });
  return c;
}

/** The row to store: the level in dollars (a price in another currency at today's rate), armed unless already met. */
async function rowOf(db: Db, userId: number, input: AlertInput, locale: Locale) {
  const coin = await coinOf(db, input.coin);
  let level = Number(input.level);
  if (input.kind !== 'CHANGE_24H' && input.currency !== 'USD') {
    const rate = (await getRates(db, [input.currency])).rates[input.currency];
    if (!rate) throw refuse('noRate', { currency: input.currency });
    level /= rate;
  }
  if (input.email) {
    const [u] = await db.select({ verified: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
    if (!u?.verified) throw refuse('emailNeeded');
  }
  const price = coin.price === null ? null : Number(coin.price);
  const change = coin.change24h === null ? null : Number(coin.change24h);
  const already = price !== null && met({ kind: input.kind, level }, price, change);
  return {
    coinId: coin.id,
    kind: input.kind,
    level: String(level),
    shownLevel: input.level,
    currency: input.kind === 'CHANGE_24H' ? '%' : input.currency,
    locale,
    push: input.push,
    email: input.email,
    // Already past the level: the first notice waits for a real crossing.
    armed: !already,
  };
}

export async function listAlerts(db: Db, userId: number) {
  return db
    .select({
      id: priceAlerts.id,
      coin: { id: coins.id, symbol: coins.symbol, name: coins.name, price: coins.price, change24h: coins.change24h },
      kind: priceAlerts.kind,
      level: priceAlerts.shownLevel,
      currency: priceAlerts.currency,
      push: priceAlerts.push,
      email: priceAlerts.email,
      armed: priceAlerts.armed,
      firedAt: priceAlerts.firedAt,
      fireCount: priceAlerts.fireCount,
    })
    .from(priceAlerts)
    .innerJoin(coins, eq(coins.id, priceAlerts.coinId))
    .where(eq(priceAlerts.userId, userId))
    .orderBy(asc(priceAlerts.id));
}

export async function createAlert(db: Db, userId: number, input: AlertInput, locale: Locale) {
  const row = await rowOf(db, userId, input, locale);
  return lockedFor(db, userId, async (tx) => {
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.userId, userId));
    if (n >= ALERTS_MAX) throw refuse('tooMany', { count: ALERTS_MAX });
    const [made] = await tx
      .insert(priceAlerts)
      .values({ ...row, userId })
      .returning({ id: priceAlerts.id });
    return made!;
  });
}

export async function updateAlert(db: Db, userId: number, id: number, input: AlertInput, locale: Locale) {
  const row = await rowOf(db, userId, input, locale);
  const done = await db
    .update(priceAlerts)
    .set(row)
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
    .returning({ id: priceAlerts.id });
  if (done.length === 0) throw new DomainError(404, 404, 'alerts.notFound');
}

export async function deleteAlert(db: Db, userId: number, id: number) {
  const done = await db
    .delete(priceAlerts)
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
    .returning({ id: priceAlerts.id });
  if (done.length === 0) throw new DomainError(404, 404, 'alerts.notFound');
}

type AlertRow = typeof priceAlerts.$inferSelect;
export type Deliver = (db: Db, alert: AlertRow, price: number, change24h: number | null) => Promise<void>;

/**
 * Checks the alerts of the round's coins against their last tick; fires (disarming first) and
 * re-arms. Answers the ids fired and the deliveries, which run after the round (a slow push
 * service never holds up prices).
 */
export async function evaluateAlerts(db: Db, ticks: readonly TickInput[], deliver: Deliver = deliverAlert) {
  const last = new Map<string, TickInput>();
  for (const t of ticks) if (!last.has(t.coinId) || last.get(t.coinId)!.at <= t.at) last.set(t.coinId, t);
  if (last.size === 0) return { fired: [] as number[], deliveries: Promise.resolve() };
  const alerts = await db
    .select()
    .from(priceAlerts)
    .where(inArray(priceAlerts.coinId, [...last.keys()]));
  const fired: number[] = [];
  const sends: Promise<void>[] = [];
  for (const a of alerts) {
    const t = last.get(a.coinId)!;
    const s = step({ kind: a.kind, level: Number(a.level), armed: a.armed }, t.price, t.change24h);
    if (s === 'rearm')
      await db
        .update(priceAlerts)
        .set({ armed: true })
        .where(and(eq(priceAlerts.id, a.id), eq(priceAlerts.armed, false)));
    if (s !== 'fire') continue;
    const [won] = await db
      .update(priceAlerts)
      .set({ armed: false, firedAt: new Date(t.at), fireCount: sql`${priceAlerts.fireCount} + 1` })
      .where(and(eq(priceAlerts.id, a.id), eq(priceAlerts.armed, true)))
      .returning({ id: priceAlerts.id });
    if (!won) continue;
    fired.push(a.id);
    sends.push(
      deliver(db, a, t.price, t.change24h).catch((e) =>
        console.error(`[alerts] alert ${a.id} could not be delivered: ${(e as Error).message}`),
      ),
    );
  }
  return { fired, deliveries: Promise.all(sends).then(() => undefined) };
}

/**
 * The notice: by push to the reader's devices (through `sender`, web-push's by default; a device
 * its push service no longer knows is deleted) and by e-mail when asked for.
 */
export const alertDelivery =
  (sender?: PushSender): Deliver =>
  async (db, a, price, change24h) => {
    const locale: Locale = isLocale(a.locale) ? a.locale : DEFAULT_LOCALE;
    const t = translator(locale);
    const [coin] = await db.select({ symbol: coins.symbol }).from(coins).where(eq(coins.id, a.coinId));
    const symbol = coin?.symbol ?? a.coinId;
    const money = (v: number | string, c: string) => formatPrice(v, { symbol: CURRENCY_SYMBOLS[c] ?? `${c} ` });
    const level = a.kind === 'CHANGE_24H' ? `${a.shownLevel}%` : money(a.shownLevel, a.currency);
    const body = t(`alerts.notice.${a.kind}`, {
      coin: symbol,
      level,
      price: money(price, 'USD'),
      change: change24h === null ? '--' : `${change24h > 0 ? '+' : ''}${change24h.toFixed(2)}%`,
    });
    const url = `${locale === DEFAULT_LOCALE ? '' : `/${locale}`}/coin/${a.coinId}`;
    if (a.push)
      await pushToUser(
        db,
        a.userId,
        {
          title: t('alerts.notice.title', { coin: symbol }),
          body,
          url,
          tag: `alert-${a.id}`,
        },
        { sender },
      );
    if (a.email) {
      const [u] = await db
        .select({ email: users.email, verified: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, a.userId));
      if (u?.email && u.verified)
        await delivery(db).mailer.send({
          to: u.email,
          subject: t('alerts.notice.title', { coin: symbol }),
          text: `${body}\n\n${t('alerts.notice.manage')}`,
        });
    }
  };

export const deliverAlert: Deliver = alertDelivery();
