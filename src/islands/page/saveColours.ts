/**
 * Keeps a signed-in reader's rise/fall colours in their profile, so other browsers get them at
 * sign-in. Loaded only when the header's colour menu changes for a signed-in reader: pages do not
 * carry the API client for it.
 */
import { toRiseFallScheme } from '../../lib/riseFall.ts';
import { apiPost } from '../../stores/api.ts';

export async function saveColours(value: string): Promise<void> {
  await apiPost('/new/v1/user/preferences', { colours: toRiseFallScheme(value) ?? null });
}
