/** Demo flash news. */
import type { ContentSeedContext } from './context.ts';

/** Writes the demo rows; returns how many were written. Not written yet. */
export async function seedLives(_ctx: ContentSeedContext): Promise<number> {
  return 0;
}
