/** Demo calendar events. */
import type { ContentSeedContext } from './context.ts';

/** Writes the demo rows; returns how many were written. Not written yet. */
export async function seedCalendar(_ctx: ContentSeedContext): Promise<number> {
  return 0;
}
