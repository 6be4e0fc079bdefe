import { describe, expect, it } from 'vitest';
import { OVERALL_LABELS, overallLabel, ratingLevel, REVIEW_DIMENSIONS } from './reviews.server.ts';

describe('overallLabel (SPEC §3: Bad, General, Good, Very Good, Great)', () => {
  it.each([
    [1, 'bad'],
    [1.4, 'bad'],
    [1.5, 'general'],
    [2, 'general'],
    [3, 'good'],
    [3.6, 'veryGood'],
    [4, 'veryGood'],
    [4.5, 'great'],
    [5, 'great'],
    [0, 'bad'], // out of range clamps
    [9, 'great'],
  ] as const)('%s → %s', (score, label) => expect(overallLabel(score)).toBe(label));

  it('has five labels, worst first', () => {
    expect(OVERALL_LABELS).toEqual(['bad', 'general', 'good', 'veryGood', 'great']);
  });
});

describe('ratingLevel (SPEC §9 thresholds: low ≤ 2, high ≥ 4)', () => {
  it.each([
    [1, 'low'],
    [2, 'low'],
    [2.1, 'mid'],
    [3.9, 'mid'],
    [4, 'high'],
    [5, 'high'],
    [null, null],
  ] as const)('%s → %s', (score, level) => expect(ratingLevel(score)).toBe(level));
});

describe('REVIEW_DIMENSIONS', () => {
  it('has the six exchange dimensions and five coin dimensions of SPEC §3', () => {
    expect(REVIEW_DIMENSIONS.exchange).toHaveLength(6);
    expect(REVIEW_DIMENSIONS.coin).toHaveLength(5);
  });
});
