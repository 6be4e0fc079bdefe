import { describe, expect, it } from 'vitest';
import { parseWidgetQuery, WIDGET_MAX_COINS } from './site.server.ts';

const q = (s: string) => parseWidgetQuery(new URLSearchParams(s));

describe('widget query', () => {
  it('defaults to the top coins, light theme and USD', () => {
    expect(q('')).toEqual({ coins: [], theme: 'light', currency: 'USD' });
  });

  it('normalises coin ids, keeps their order and drops duplicates and junk', () => {
    expect(q('coins= Bitcoin ,ethereum,,bitcoin,<script>,usd-coin').coins).toEqual(['bitcoin', 'ethereum', 'usd-coin']);
  });

  it(`caps the list at ${WIDGET_MAX_COINS} coins`, () => {
    const ids = Array.from({ length: 15 }, (_, i) => `coin${i}`);
    expect(q(`coins=${ids.join(',')}`).coins).toEqual(ids.slice(0, WIDGET_MAX_COINS));
  });

  it('accepts dark and known currencies, falls back otherwise', () => {
    expect(q('theme=dark&currency=cny')).toMatchObject({ theme: 'dark', currency: 'CNY' });
    expect(q('theme=neon&currency=XYZ')).toMatchObject({ theme: 'light', currency: 'USD' });
  });
});
