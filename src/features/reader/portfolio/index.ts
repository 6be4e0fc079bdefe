// The reader/portfolio feature's server face: what other code may use.
export { portfolioRoutes } from './routes.ts';
