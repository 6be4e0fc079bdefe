/**
 * Near-identical titles across sources: the same story from two outlets, or the same flash in
 * two services' words, is kept once (the first stored). Titles are compared without case,
 * spaces and punctuation, by the overlap of their character pairs (Dice coefficient): "Bitcoin
 * tops $100,000" and "Bitcoin Tops $100K" differ; "BTC ETF sees record inflows" and "BTC ETFs see
 * record inflows" do not.
 */

/** Two titles this similar (0–1) or more are one story. */
export const SAME_STORY = 0.88;
/** Shorter titles are compared exactly: a few characters in common mean nothing. */
const MIN_CHARS = 10;

/**
 * A title without case, spaces, punctuation or symbols.
 * @example normalTitle('BTC: ETF sees record inflows!') // 'btcetfseesrecordinflows'
 */
export const normalTitle = (title: string) => title.toLowerCase().replace(/[\p{P}\p{S}\s]+/gu, '');

function pairs(s: string): Map<string, number> {
  const chars = Array.from(s);
  const out = new Map<string, number>();
  for (let i = 0; i < chars.length - 1; i++) {
    const p = chars[i]! + chars[i + 1]!;
    out.set(p, (out.get(p) ?? 0) + 1);
  }
  return out;
}

/**
 * How alike two titles are, 0–1.
 * @example similarity('Bitcoin ETF sees record inflows', 'Bitcoin ETFs see record inflows') // ≈ 0.9
 */
export function similarity(a: string, b: string): number {
  const x = normalTitle(a);
  const y = normalTitle(b);
  if (x === y) return 1;
  if (Array.from(x).length < MIN_CHARS || Array.from(y).length < MIN_CHARS) return 0;
  const px = pairs(x);
  const py = pairs(y);
  let common = 0;
  for (const [p, n] of px) common += Math.min(n, py.get(p) ?? 0);
  const total = [...px.values(), ...py.values()].reduce((s, n) => s + n, 0);
  return total ? (2 * common) / total : 0;
}

/**
 * The items whose title is not a story already told: neither by one of `known` (recent stored
 * titles) nor by an earlier item of the batch.
 */
export function newStories<T extends { title: string }>(items: readonly T[], known: readonly string[]): T[] {
  const told = [...known];
  const out: T[] = [];
  for (const item of items) {
    if (told.some((t) => similarity(t, item.title) >= SAME_STORY)) continue;
    told.push(item.title);
    out.push(item);
  }
  return out;
}
