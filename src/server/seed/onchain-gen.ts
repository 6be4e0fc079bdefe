/**
 * The on-chain demo data of a coin's detail tabs (depth-gen.ts): addresses and transaction hashes
 * in the coin's own style, its top-100 holders, daily chain activity and large transfers.
 */
import type { coinChainDaily as coinChainDailyTable, coinTransfers as coinTransfersTable } from '../db/schema/index.ts';
import type { CoinRow } from './coins-gen.ts';
import { HOLDER_LABELS } from './data/depth-texts.ts';
import { dec } from './decimal.ts';
import { DAY, floorDay } from './history.ts';
import { rngFor, type Rng } from './random.ts';

const HOLDERS_PER_COIN = 100;
const CHAIN_DAYS = 30;
const TRANSFERS_PER_COIN = 30;

export interface HolderRow {
  coinId: string;
  rank: number;
  address: string;
  label: string | null;
  /** Exchange slug; the writer maps it to the id. */
  exchange: string | null;
  balance: string;
  change24h: string;
  firstSeenAt: Date;
}
export type ChainDailyRow = typeof coinChainDailyTable.$inferInsert;
export type TransferRow = Omit<typeof coinTransfersTable.$inferInsert, 'id'>;

export const n = (v: string | number | null | undefined) => (v === null || v === undefined ? 0 : Number(v));

export const HEX = '0123456789abcdef';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
export const draw = (rng: Rng, alphabet: string, len: number) => {
  let s = '';
  for (let i = 0; i < len; i++) s += alphabet[Math.floor(rng.next() * alphabet.length)];
  return s;
};

type AddressStyle = 'btc' | 'evm' | 'sol' | 'generic';
function addressStyle(coin: CoinRow): AddressStyle {
  if (['BTC', 'LTC', 'BCH', 'DOGE'].includes(coin.symbol)) return 'btc';
  if (coin.platform === 'Solana' || coin.symbol === 'SOL') return 'sol';
  if (coin.platform === null || coin.platform === undefined)
    return ['ETH', 'BNB', 'ETC', 'AVAX', 'POL', 'MATIC'].includes(coin.symbol) ? 'evm' : 'generic';
  return 'evm';
}

function address(style: AddressStyle, symbol: string, rng: Rng): string {
  switch (style) {
    case 'btc':
      return symbol === 'BTC'
        ? `bc1q${draw(rng, BECH32, 38)}`
        : `${symbol === 'DOGE' ? 'D' : symbol === 'LTC' ? 'L' : 'q'}${draw(rng, BASE58, 33)}`;
    case 'sol':
      return draw(rng, BASE58, 44);
    case 'evm':
      return `0x${draw(rng, HEX, 40)}`;
    default:
      return `${
        symbol
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')
          .slice(0, 4) || 'addr'
      }1${draw(rng, BECH32, 38)}`;
  }
}

const txHash = (style: AddressStyle, rng: Rng) =>
  style === 'btc' ? draw(rng, HEX, 64) : style === 'sol' ? draw(rng, BASE58, 87) : `0x${draw(rng, HEX, 64)}`;

export function holders(coin: CoinRow, cexes: { exchange: string; displayName: string }[], now: Date): HolderRow[] {
  const rng = rngFor(`holders:${coin.id}`);
  const style = addressStyle(coin);
  const supply = n(coin.circulatingSupply);
  // Share of the circulating supply held by the top 100: concentrated for tokens, less for old chains.
  const topShare = rng.range(0.22, coin.platform ? 0.78 : 0.5);
  const alpha = rng.range(0.7, 1.25);
  const weights = Array.from({ length: HOLDERS_PER_COIN }, (_, i) => (i + 1) ** -alpha * rng.range(0.9, 1.1));
  weights.sort((a, b) => b - a);
  const total = weights.reduce((a, b) => a + b, 0);
  const exchangeSlots = new Set<number>();
  for (let k = 0; k < Math.min(cexes.length, 12); k++)
    exchangeSlots.add(Math.min(HOLDERS_PER_COIN - 1, Math.floor(rng.logRange(1, 60)) - 1));
  const used = new Set<string>();
  let exIndex = 0;
  return weights.map((w, i) => {
    let addr = address(style, coin.symbol, rng);
    while (used.has(addr)) addr = address(style, coin.symbol, rng);
    used.add(addr);
    let label: string | null = null;
    let exchange: string | null = null;
    if (exchangeSlots.has(i) && exIndex < cexes.length) {
      const ex = cexes[exIndex++]!;
      exchange = ex.exchange;
      label = `${ex.displayName} ${rng.chance(0.6) ? 'cold wallet' : 'hot wallet'}`;
    } else if (i < 30 && rng.chance(0.12)) {
      label = rng.pick(HOLDER_LABELS);
    }
    const balance = (supply * topShare * w) / total;
    const change = rng.chance(0.35) ? 0 : balance * rng.clampedNormal() * 0.015;
    const firstSeen = now.getTime() - rng.logRange(20, 3000) * DAY;
    return {
      coinId: coin.id,
      rank: i + 1,
      address: addr,
      label,
      exchange,
      balance: dec(balance),
      change24h: dec(change),
      firstSeenAt: new Date(Math.floor(firstSeen / 1000) * 1000),
    };
  });
}

export function chainDaily(coin: CoinRow, now: Date): ChainDailyRow[] {
  const rng = rngFor(`chain:${coin.id}`);
  const cap = Math.max(1e6, n(coin.marketCap));
  const price = n(coin.price) || 1;
  const volumeCoins = n(coin.volume24h) / price;
  const baseTx = Math.round(2_000 * (cap / 1e8) ** 0.38 * rng.range(0.6, 1.6));
  const today = floorDay(now.getTime());
  let level = 1;
  const out: ChainDailyRow[] = [];
  for (let d = CHAIN_DAYS; d >= 1; d--) {
    level = Math.max(0.5, Math.min(1.8, level * (1 + rng.clampedNormal() * 0.06)));
    const weekday = new Date(today - d * DAY).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 ? 0.85 : 1;
    const transactions = Math.max(10, Math.round(baseTx * level * weekend));
    const activeAddresses = Math.max(5, Math.round(transactions * rng.range(0.45, 0.75)));
    const newAddresses = Math.max(1, Math.round(activeAddresses * rng.range(0.05, 0.16)));
    const transferVolume = volumeCoins * rng.range(0.3, 1.4) * level * weekend;
    const largeTransfers = Math.round(((transferVolume * price) / 1e5) * rng.range(0.01, 0.04));
    out.push({
      coinId: coin.id,
      day: new Date(today - d * DAY).toISOString().slice(0, 10),
      transactions,
      activeAddresses,
      newAddresses,
      transferVolume: dec(transferVolume),
      largeTransfers,
    });
  }
  return out;
}

export function transfers(coin: CoinRow, top: HolderRow[], now: Date): TransferRow[] {
  const rng = rngFor(`transfers:${coin.id}`);
  const style = addressStyle(coin);
  const price = n(coin.price) || 1;
  const volumeUsd = n(coin.volume24h);
  const out: TransferRow[] = [];
  const hashes = new Set<string>();
  let at = now.getTime();
  for (let i = 0; i < TRANSFERS_PER_COIN; i++) {
    at -= rng.logRange(60_000, 4 * 3_600_000);
    const from = rng.chance(0.55) ? rng.pick(top.slice(0, 50)) : null;
    let to = rng.chance(0.55) ? rng.pick(top.slice(0, 50)) : null;
    if (to && from && to.address === from.address) to = null;
    // At least 100,000 USD, rarely more than a few percent of a day's volume.
    const valueUsd = Math.max(
      100_000,
      Math.min(volumeUsd * 0.05 + 150_000, rng.logRange(1e5, Math.max(2e5, volumeUsd * 0.01))),
    );
    const amount = Number(dec(valueUsd / price));
    let hash = txHash(style, rng);
    while (hashes.has(hash)) hash = txHash(style, rng);
    hashes.add(hash);
    out.push({
      coinId: coin.id,
      txHash: hash,
      fromAddress: from?.address ?? address(style, coin.symbol, rng),
      toAddress: to?.address ?? address(style, coin.symbol, rng),
      fromLabel: from?.label ?? null,
      toLabel: to?.label ?? null,
      amount: dec(amount),
      valueUsd: dec(amount * price, 12),
      at: new Date(Math.floor(at / 1000) * 1000),
    });
  }
  return out;
}
