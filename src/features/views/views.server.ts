/**
 * Read counts of content pages (announcements, articles, wiki entries, questions): the "hot" lists
 * and the "N reads" lines come from them.
 *
 * A count is taken when the server renders a detail page for a reader: crawlers, link previews
 * and HEAD requests do not count, and a reader counts once per item and UTC day (visitors.ts:
 * reloading, with a cache-busting parameter or not, adds nothing). Renders answered from the
 * page micro-cache or a CDN are not seen, so the numbers are approximate, like every site's.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/index.ts';
import { announcements, articles, questions, wikiEntries } from '../../server/db/schema/index.ts';
import { visitors, type VisitorLedger } from './visitors.server.ts';

const TABLES = { announcement: announcements, article: articles, wiki: wikiEntries, question: questions } as const;
type ViewedKind = keyof typeof TABLES;

const NOT_A_READER = /bot|crawl|spider|slurp|preview|facebookexternalhit|embedly|curl|wget|python-requests|headless/i;

/**
 * Whether a request is a person opening the page.
 * @example isReaderRequest('GET', 'Mozilla/5.0 … Chrome/130') // true
 * @example isReaderRequest('GET', 'Googlebot/2.1') // false
 */
export function isReaderRequest(method: string, userAgent: string | null): boolean {
  return method === 'GET' && isReaderAgent(userAgent);
}

/**
 * Whether a user agent is a person's browser: present and not a crawler, preview or script.
 * Shared with the page-view beacon (pageViews.ts).
 */
export function isReaderAgent(userAgent: string | null | undefined): boolean {
  return !!userAgent && !NOT_A_READER.test(userAgent);
}

/** Adds one read to a row. A failure is logged, never shown: the page matters more than the count. */
export async function countView(db: Db, kind: ViewedKind, id: number): Promise<void> {
  const table = TABLES[kind];
  try {
    await db
      .update(table)
      .set({ views: sql`${table.views} + 1` })
      .where(eq(table.id, id));
  } catch (e) {
    console.error('[views] count failed', kind, id, e);
  }
}

/**
 * {@link countView} when the request is a reader's ({@link isReaderRequest}) and this reader's
 * first of the item today. `address` is the client's (Astro.clientAddress).
 */
export async function countReaderView(
  db: Db,
  request: Request,
  kind: ViewedKind,
  id: number,
  address: string | undefined,
  ledger: VisitorLedger = visitors,
): Promise<void> {
  const agent = request.headers.get('user-agent');
  if (!isReaderRequest(request.method, agent)) return;
  if (!ledger.first(address ?? 'unknown', agent ?? '', `read:${kind}:${id}`)) return;
  await countView(db, kind, id);
}
