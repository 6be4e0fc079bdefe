/** Demo exchange announcements and site notices. */
import type { ContentSeedContext } from './context.ts';

/** Writes the demo rows; returns how many were written. Not written yet. */
export async function seedAnnouncements(_ctx: ContentSeedContext): Promise<number> {
  return 0;
}
