import { OWN_MAINNET } from '../../server/domain/offerings.ts';
import type { View } from '../../server/view.ts';

/**
 * An offering's platform as readers see it: launchpads and chains by their names, the project's
 * own mainnet in the reader's language, nothing as '--'.
 */
export function platformLabel(v: Pick<View, 't'>, platform: string | null | undefined): string {
  if (!platform) return '--';
  return platform === OWN_MAINNET ? v.t('ieo.ownMainnet') : platform;
}
