/**
 * An exchange's status page on Atlassian Statuspage (its public API v2, keyless):
 * GET /api/v2/incidents.json (the 50 latest incidents, unresolved and resolved) and
 * GET /api/v2/scheduled-maintenances.json (the 50 latest maintenances), each
 * `{page: {id, name, url, time_zone, updated_at}, incidents | scheduled_maintenances: [...]}`.
 * An incident or maintenance has an id, a name, a status, an impact, times (ISO 8601), a
 * maintenance window (`scheduled_for`, `scheduled_until`) and its updates, newest first, each a
 * status and a plain-text body. Both are service notices: our category "maintenance". English only.
 */
import { z } from 'zod';
import { readable, rowsOf, type SourceHttp } from '../../sources/http.ts';
import type { ContentLocale } from '../item.ts';
import { htmlToText } from '../sanitize.ts';
import { isoDate, plainTitle, shortText, sourceLanguage, toItems, type Announcement } from './common.ts';
import type { AnnouncementAdapter } from './types.ts';

/** The updates a notice's text shows, newest first: the status page's own story, cut short. */
const MAX_UPDATES = 5;

const update = z.object({
  status: z.string().catch(''),
  body: z.string().catch(''),
  created_at: z.string().nullish(),
  display_at: z.string().nullish(),
});
const notice = z
  .object({
    // The id is a path segment of the link: letters and digits only.
    id: z.string().regex(/^[a-z0-9]+$/i),
    name: z.string(),
    status: z.string().catch(''),
    impact: z.string().catch(''),
    created_at: z.string(),
    started_at: z.string().nullish(),
    shortlink: z.string().nullish(),
    scheduled_for: z.string().nullish(),
    scheduled_until: z.string().nullish(),
    incident_updates: z.array(update).catch([]),
  })
  .refine((r) => plainTitle(r.name) !== '', 'no name');
type Notice = z.output<typeof notice>;

const page = z.object({ id: z.string(), name: z.string(), url: z.string() });
const incidents = z.object({ page, incidents: rowsOf(notice) });
const maintenances = z.object({ page, scheduled_maintenances: rowsOf(notice) });

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** "in_progress" → "In progress". */
const label = (status: string) => {
  const s = status.replace(/_/g, ' ').trim();
  return s ? s[0]!.toUpperCase() + s.slice(1) : 'Update';
};
/** "2026-11-25 02:00 UTC". */
const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The notice's updates (and a maintenance's window) as the status page tells them. */
function noticeText(r: Notice, site: string): { html: string; text: string } {
  const parts: string[] = [];
  const from = isoDate(r.scheduled_for);
  const until = isoDate(r.scheduled_until);
  if (from) parts.push(`<p>Scheduled: ${utc(from)}${until ? ` – ${utc(until)}` : ''}</p>`);
  for (const u of r.incident_updates.slice(0, MAX_UPDATES)) {
    const { html } = shortText(u.body, site);
    if (!html) continue;
    const head = `<strong>${escapeText(label(u.status))}:</strong>`;
    parts.push(html.startsWith('<p>') ? `<p>${head} ${html.slice(3)}` : `<p>${head}</p>${html}`);
  }
  const html = parts.join('');
  return { html, text: htmlToText(html) };
}

export interface StatuspageOptions {
  id: string;
  exchange: string;
  name: string;
  /** The status page's own address: the API's default base URL and the links' origin. */
  site: string;
  licence: string;
}

/** An adapter for one exchange's Statuspage status page. */
export function statuspageAdapter(o: StatuspageOptions): AnnouncementAdapter {
  const adapter: AnnouncementAdapter = {
    id: o.id,
    exchange: o.exchange,
    name: o.name,
    defaultBaseUrl: o.site,
    locales: ['en'],
    licence: o.licence,
    // Statuspage publishes no limit for its public API; a round is two requests.
    budget: { limit: 60, windowMs: 60_000 },
    async read(http: SourceHttp, locale: ContentLocale, signal?: AbortSignal) {
      sourceLanguage(o.id, { en: 'en' }, locale);
      const [a, b] = await http.all([
        http.get('/api/v2/incidents.json', { schema: incidents, check: (x) => readable(x.incidents), signal }),
        http.get('/api/v2/scheduled-maintenances.json', {
          schema: maintenances,
          check: (x) => readable(x.scheduled_maintenances),
          signal,
        }),
      ]);
      // The link is the notice's page on the status site: the same whichever list gave it.
      const list: Announcement[] = [...a.incidents.rows, ...b.scheduled_maintenances.rows].map((r, i) => ({
        n: i + 1,
        link: `${o.site}/incidents/${r.id}`,
        title: plainTitle(r.name),
        ...noticeText(r, o.site),
        publishedAt: isoDate(r.created_at),
        category: 'maintenance',
      }));
      return toItems(adapter, locale, list);
    },
  };
  return adapter;
}
