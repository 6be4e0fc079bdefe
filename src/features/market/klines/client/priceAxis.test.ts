import { describe, expect, it } from 'vitest';
import { axisFormatter, LABEL_CLEARANCE, stepDecimals, tickLabels } from './priceAxis.ts';

describe('price axis labels', () => {
  it('take the decimals the spacing of the ticks needs, not two everywhere', () => {
    expect(tickLabels([92500, 95000, 97500, 100000, 110000])).toEqual([
      '92,500',
      '95,000',
      '97,500',
      '100,000',
      '110,000',
    ]);
    expect(tickLabels([3400, 3410, 3420])).toEqual(['3,400', '3,410', '3,420']);
    expect(tickLabels([0.2, 0.25, 0.3])).toEqual(['0.20', '0.25', '0.30']);
    expect(tickLabels([0.0001, 0.0002, 0.0003])).toEqual(['0.0001', '0.0002', '0.0003']);
    expect(tickLabels([0.00001315, 0.0000132, 0.00001325])).toEqual(['0.00001315', '0.00001320', '0.00001325']);
    // Floating-point steps (0.1 + 0.2) do not ask for seventeen decimals.
    expect(tickLabels([0.1, 0.30000000000000004, 0.5])).toEqual(['0.1', '0.3', '0.5']);
    expect(tickLabels([1.5])).toEqual(['1.5']);
    expect(tickLabels([])).toEqual([]);
  });

  it('stepDecimals', () => {
    expect([2500, 1, 0.5, 0.25, 0.05, 1e-8].map(stepDecimals)).toEqual([0, 0, 1, 2, 2, 8]);
    expect([0, -1, Number.NaN, Infinity].map(stepDecimals)).toEqual([2, 2, 2, 2]);
  });

  it('leave out the tick the last-price label would cover, and only that one', () => {
    // 1 px per dollar, y grows downwards: the label of 94,513.92 sits at y = -94,513.92.
    const series = { priceToCoordinate: (p: number) => -p };
    const format = axisFormatter(
      () => series,
      () => 94_513.92,
    );
    expect(format([92_000, 94_000, 94_510, 96_000])).toEqual(['92,000', '94,000', '', '96,000']);
    const near = axisFormatter(
      () => series,
      () => 94_000 + LABEL_CLEARANCE - 1,
    );
    expect(near([93_000, 94_000, 95_000])).toEqual(['93,000', '', '95,000']);
    // No series or no data yet: every tick keeps its label.
    expect(
      axisFormatter(
        () => null,
        () => 1,
      )([1, 2]),
    ).toEqual(['1', '2']);
    expect(
      axisFormatter(
        () => series,
        () => null,
      )([1, 2]),
    ).toEqual(['1', '2']);
  });
});
