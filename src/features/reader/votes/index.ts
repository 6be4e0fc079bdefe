// The votes feature's face for the rest of the site: its API routes. Pages take VoteButtons.astro.
export { voteRoutes } from './routes.ts';
