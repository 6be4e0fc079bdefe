/**
 * The export links under a list, as a string (src/lib/html.ts): ExportLinks.astro places it.
 * Built here rather than in the component because Astro's attribute helper parses every value
 * holding "&" as an absolute URL, and a relative link's failed parse (a thrown exception per
 * link) was a twentieth of a list page's render.
 */
import { html, type SafeHtml } from '../../lib/html.ts';
import type { ExportTableName } from './tables.server.ts';
import { MAX_EXPORT_ROWS } from './write.server.ts';
import type { View } from '../../server/view.ts';

/**
 * "Export: CSV · JSON · All pages": plain download links to /export/{table}.{csv|json} carrying
 * the page's own query (filters, sort, page, size) and the currency it is shown in, so the file
 * holds what the table shows. `paged` false: a table shown whole, no "all pages" link.
 */
export function exportLinksHtml(v: View, table: ExportTableName, query: URLSearchParams, paged = true): SafeHtml {
  const { t } = v;
  const href = (format: 'csv' | 'json', all = false) => {
    const q = new URLSearchParams(query);
    q.delete('currency');
    q.delete('all');
    if (all) q.delete('page');
    q.set('currency', v.money.currency);
    if (all) q.set('all', '1');
    return `${v.href(`/export/${table}.${format}`)}?${q.toString()}`;
  };
  return html`<p class="export-links" data-testid="export-links"><span class="muted">${t('export.label')}</span> <a download href="${href('csv')}" title="${t('export.csvTitle')}" data-export="csv">${t('export.csv')}</a> <a download href="${href('json')}" title="${t('export.jsonTitle')}" data-export="json">${t('export.json')}</a>${
    paged
      ? html` <a download href="${href('csv', true)}" title="${t('export.allTitle', { count: MAX_EXPORT_ROWS })}" data-export="all">${t('export.allPages')}</a>`
      : null
  }</p>`;
}
