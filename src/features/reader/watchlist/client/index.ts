// The watchlist feature's face for pages and other browser code: the list's words and the
// page's mount. (Its React tab is a component: the user centre imports WatchlistTab.tsx itself,
// so pages that mount the list do not load React.)
export { WATCHLIST_DICT } from './order.ts';
export { mountWatchlist } from './watchlist.ts';
