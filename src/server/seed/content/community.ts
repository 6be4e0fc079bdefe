/** Demo project updates, questions and answers, social posts. */
import type { ContentSeedContext } from './context.ts';

/** Writes the demo rows; returns how many were written. Not written yet. */
export async function seedCommunity(_ctx: ContentSeedContext): Promise<number> {
  return 0;
}
