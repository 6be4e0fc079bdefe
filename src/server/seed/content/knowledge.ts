/** Demo encyclopedia entries (baike, bitwiki) and topics. */
import type { ContentSeedContext } from './context.ts';

/** Writes the demo rows; returns how many were written. Not written yet. */
export async function seedKnowledge(_ctx: ContentSeedContext): Promise<number> {
  return 0;
}
