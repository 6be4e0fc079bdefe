/**
 * Coinbase's status page, status.coinbase.com (Atlassian Statuspage): incidents (delayed sends,
 * degraded trading) and scheduled maintenances of Coinbase, its Exchange among them, in English.
 * Stored under our "Coinbase Exchange". See statuspage.ts.
 */
import { statuspageAdapter } from './statuspage.ts';

export const coinbase = statuspageAdapter({
  id: 'coinbase-status',
  exchange: 'coinbase-exchange',
  name: 'Coinbase status',
  site: 'https://status.coinbase.com',
  licence:
    "Incident and maintenance notices from Coinbase's public status page (status.coinbase.com, Statuspage API), shown with a link to the original; the notices remain Coinbase's.",
});
