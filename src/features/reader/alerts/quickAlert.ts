/**
 * The words of the coin page's "Price alert" dialog (client/QuickAlert.tsx, loaded when a
 * signed-in reader asks for it), sent with the page as a small dictionary.
 */
export const QUICK_ALERT_WORDS = [
  'alerts.ui.quick',
  'alerts.ui.kinds',
  ...['coin', 'coinHint', 'kind', 'level', 'currency', 'push', 'email', 'add', 'liveOnly', 'notifyHint'].map(
    (k) => `alerts.ui.${k}`,
  ),
  'alerts.created',
  'account.common.network',
] as const;
