// The follows feature's face for the rest of the site: its API routes (following columnists,
// bookmarking content). Pages take its buttons (FollowButton.astro, BookmarkButton.astro).
export { bookmarkRoutes } from './bookmarkRoutes.ts';
export { columnistRoutes } from './routes.ts';
