// The follows feature's face for other browser code: the reader's follows and bookmarks store.
export { follows } from './store.ts';
