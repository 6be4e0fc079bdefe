// The reader/portfolio feature's server face: its routes, and the coin page dialog's words.
export { portfolioRoutes } from './routes.ts';
export { QUICK_ADD_WORDS } from './quickAdd.ts';
