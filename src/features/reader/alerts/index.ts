// The reader/alerts feature's server face: its routes, the round evaluation boot.ts subscribes, and
// the coin page dialog's words.
export { alertRoutes } from './routes.ts';
export { evaluateAlerts } from './alerts.server.ts';
export { QUICK_ALERT_WORDS } from './quickAlert.ts';
