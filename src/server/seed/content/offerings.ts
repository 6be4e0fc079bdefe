/** Demo ICO/IEO offerings. */
import type { ContentSeedContext } from './context.ts';

/** Writes the demo rows; returns how many were written. Not written yet. */
export async function seedOfferings(_ctx: ContentSeedContext): Promise<number> {
  return 0;
}
