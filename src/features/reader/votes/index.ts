// The votes feature's face for the rest of the site: its API routes, and the buttons' markup for
// lists (with VoteScript.astro once per page). Pages take VoteButtons.astro.
export { voteRoutes } from './routes.ts';
export { voteButtonsHtml, type VoteButtonsOptions } from './markup.ts';
