// The reviews feature's face for the rest of the site: its API routes, and the read model the
// coin, exchange and offering pages, the home page and public profiles show.
export {
  listReviews,
  OVERALL_LABELS,
  type OverallLabel,
  overallLabel,
  RATING_MAX,
  ratingLevel,
  REVIEW_DIMENSIONS,
  type Review,
  type ReviewTargetType,
  reviewSummary,
} from './reviews.server.ts';
export { reviewRoutes } from './routes.ts';
export { reviewWriteRoutes } from './writeRoutes.ts';
