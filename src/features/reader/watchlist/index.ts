// The watchlist feature's face for the rest of the site: its API routes (SPEC's "favourites").
export { favouriteRoutes } from './routes.ts';
