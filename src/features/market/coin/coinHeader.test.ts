import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../lib/i18n/index.ts';
import { islandDict } from '../../../server/i18n/index.ts';
import { QUICK_ALERT_WORDS } from '../../reader/alerts/index.ts';
import { QUICK_ADD_WORDS } from '../../reader/portfolio/index.ts';

// The coin header sends its dialogs only these words: a key that does not exist would show as a key.
describe.each([
  ['Add to portfolio', QUICK_ADD_WORDS],
  ['Price alert', QUICK_ALERT_WORDS],
] as const)('the %s dialog’s words', (_, words) => {
  it('exist in every language', () => {
    for (const locale of LOCALES) {
      const keys = Object.keys(islandDict(locale, ...words));
      // `_one` forms exist only where the language has them (English here).
      const missing = words.filter((w) => !w.endsWith('_one') && !keys.some((k) => k === w || k.startsWith(`${w}.`)));
      expect([locale, missing]).toEqual([locale, []]);
    }
  });
});
