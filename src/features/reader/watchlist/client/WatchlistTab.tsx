import { useEffect, useRef } from 'react';
import type { Dict } from '../../../../lib/i18n/index.ts';
import { mountWatchlist } from './watchlist.ts';

/**
 * The user centre's favourites tab: the same watchlist as /watchlist (./watchlist.ts, no React
 * inside), mounted into a div React leaves alone. `dict` must hold WATCHLIST_DICT (src/features/reader/watchlist/client/order.ts).
 */
export default function WatchlistTab({ dict, base }: { dict: Dict; base: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => (ref.current ? mountWatchlist(ref.current, { dict, base }) : undefined), [dict, base]);
  return <div className="watchlist" ref={ref} data-testid="watchlist" />;
}
