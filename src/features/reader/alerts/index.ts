// The reader/alerts feature's server face: its routes, and the round evaluation boot.ts subscribes.
export { alertRoutes } from './routes.ts';
export { evaluateAlerts } from './alerts.server.ts';
