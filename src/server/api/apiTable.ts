/**
 * The API table of docs/api.md, written from the OpenAPI document so it names exactly the routes
 * that exist (`npm run docs:api` rewrites it; a test fails when the document and the routes disagree).
 */
export const TABLE_START = '<!-- api-table:start (npm run docs:api writes this table from the routes) -->';
export const TABLE_END = '<!-- api-table:end -->';

interface Op {
  tags: string[];
  summary: string;
  security?: unknown[];
  parameters: { name: string; in: string }[];
}

/** A Markdown table: one row per route, grouped by tag, with its query parameters and who may call it. */
export function apiTable(document: Record<string, unknown>): string {
  const paths = document.paths as Record<string, Record<string, Op>>;
  const rows: { tag: string; line: string }[] = [];
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const query = op.parameters
        .filter((p) => p.in === 'query' && p.name !== 't' && p.name !== 'lan')
        .map((p) => p.name);
      const unsigned = !op.parameters.some((p) => p.name === 't');
      const who = op.security?.length ? (op.security.length > 1 ? 'optional' : 'yes') : '';
      const notes = [query.length ? `query: ${query.map((q) => `\`${q}\``).join(', ')}` : '', unsigned ? 'no `t`' : '']
        .filter(Boolean)
        .join('; ');
      rows.push({
        tag: op.tags[0] ?? '',
        line: `| ${op.tags[0]} | ${method.toUpperCase()} | \`${path}\` | ${who} | ${op.summary.replace(/\|/g, '\\|')}${notes ? ` (${notes})` : ''} |`,
      });
    }
  }
  rows.sort((a, b) => a.tag.localeCompare(b.tag));
  return [
    TABLE_START,
    '| Area | Method | Path | Sign-in | What |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((r) => r.line),
    TABLE_END,
  ].join('\n');
}

/** The text with its table block replaced (the block must exist once). */
export function withTable(text: string, table: string): string {
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error('the document has no api-table block');
  return text.slice(0, start) + table + text.slice(end + TABLE_END.length);
}
