/**
 * Kraken's status page, status.kraken.com (Atlassian Statuspage): incidents (funding delays,
 * degraded trading) and scheduled maintenances, in English. See statuspage.ts.
 */
import { statuspageAdapter } from './statuspage.ts';

export const kraken = statuspageAdapter({
  id: 'kraken-status',
  exchange: 'kraken',
  name: 'Kraken status',
  site: 'https://status.kraken.com',
  licence:
    "Incident and maintenance notices from Kraken's public status page (status.kraken.com, Statuspage API), shown with a link to the original; the notices remain Kraken's.",
});
