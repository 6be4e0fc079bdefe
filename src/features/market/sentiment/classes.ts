/**
 * The five classes of the Fear & Greed index. The source names a day's class itself; its bands
 * (as the index's users quote them) are the fallback for a row whose word we do not know, so the
 * stored classification is always one of the five English words, never text from the wire.
 */
export const FEAR_GREED_CLASSES = ['extreme-fear', 'fear', 'neutral', 'greed', 'extreme-greed'] as const;
export type FearGreedClass = (typeof FEAR_GREED_CLASSES)[number];

/** The source's words ("Extreme Fear" …), by class. */
export const CLASS_WORDS: Record<FearGreedClass, string> = {
  'extreme-fear': 'Extreme Fear',
  fear: 'Fear',
  neutral: 'Neutral',
  greed: 'Greed',
  'extreme-greed': 'Extreme Greed',
};

/** Upper bound (inclusive) of each class but the last: 0–24, 25–44, 45–55, 56–74, 75–100. */
const BANDS: [number, FearGreedClass][] = [
  [24, 'extreme-fear'],
  [44, 'fear'],
  [55, 'neutral'],
  [74, 'greed'],
];

/**
 * The class of a value by the bands.
 * @example classOfValue(20) // 'extreme-fear'
 */
export function classOfValue(value: number): FearGreedClass {
  return BANDS.find(([top]) => value <= top)?.[1] ?? 'extreme-greed';
}

/**
 * The class a source's word names ("extreme  greed" and "Extreme_Greed" too), or null.
 * @example classOfWord('Extreme Fear') // 'extreme-fear'
 */
export function classOfWord(word: unknown): FearGreedClass | null {
  if (typeof word !== 'string') return null;
  const key = word
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  return (FEAR_GREED_CLASSES as readonly string[]).includes(key) ? (key as FearGreedClass) : null;
}

/** The class of a stored row: its word when known, else its value's band. */
export const classOf = (value: number, word: unknown): FearGreedClass => classOfWord(word) ?? classOfValue(value);

/** Where a class sits between fear and greed, for colours: the two fears fall, the two greeds rise. */
export const classTrend = (c: FearGreedClass): 'fall' | 'flat' | 'rise' =>
  c === 'neutral' ? 'flat' : c.endsWith('fear') ? 'fall' : 'rise';
