// The market/convert feature's server face (read model, routes): what other code may use.
export { convertPage, convertSitemapPaths, type ConvertPageModel } from './convert.server.ts';
export { convertPath } from './input.ts';
export { convertRoutes } from './routes.ts';
