/** Demo columnists, news articles and research reports. */
import type { ContentSeedContext } from './context.ts';

/** Writes the demo rows; returns how many were written. Not written yet. */
export async function seedArticles(_ctx: ContentSeedContext): Promise<number> {
  return 0;
}
