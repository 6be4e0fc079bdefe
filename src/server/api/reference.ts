/**
 * /api/docs: the OpenAPI document as one readable page: routes grouped by tag, each with its
 * parameters and body fields. Plain HTML with no script, so it needs nothing from the CSP.
 */
import { escapeHtml } from '../../lib/html.ts';

interface Param {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Record<string, unknown>;
}

interface Op {
  tags: string[];
  summary: string;
  parameters: Param[];
  security?: unknown[];
  requestBody?: {
    content: Record<string, { schema: { properties?: Record<string, Record<string, unknown>>; required?: string[] } }>;
  };
}

/** A schema in a few words: `integer ≥ 1`, `one of a, b`, `string`. */
function typeOf(schema: Record<string, unknown> | undefined): string {
  if (!schema) return '';
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.join(', ')}`;
  const bits = [String(schema.type ?? (schema.anyOf ? 'any of several' : 'value'))];
  if (schema.minimum !== undefined) bits.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) bits.push(`≤ ${schema.maximum}`);
  if (schema.maxLength !== undefined) bits.push(`at most ${schema.maxLength} characters`);
  if (schema.default !== undefined) bits.push(`default ${JSON.stringify(schema.default)}`);
  return bits.join(', ');
}

function row(name: string, where: string, required: boolean, type: string, description = ''): string {
  return `<tr><td><code>${escapeHtml(name)}</code></td><td>${where}</td><td>${required ? 'yes' : ''}</td><td>${escapeHtml(type)}</td><td>${escapeHtml(description)}</td></tr>`;
}

export function referencePage(document: Record<string, unknown>): string {
  const paths = document.paths as Record<string, Record<string, Op>>;
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const rows = op.parameters
        .filter((p) => p.name !== 't' && p.name !== 'lan')
        .map((p) => row(p.name, p.in, !!p.required, typeOf(p.schema), p.description));
      for (const [type, content] of Object.entries(op.requestBody?.content ?? {})) {
        for (const [name, schema] of Object.entries(content.schema.properties ?? {})) {
          rows.push(
            row(
              name,
              type === 'application/json' ? 'body' : 'form',
              (content.schema.required ?? []).includes(name),
              typeOf(schema),
              String(schema.description ?? ''),
            ),
          );
        }
      }
      const auth = op.security ? (op.security.length > 1 ? 'sign-in optional' : 'sign-in required') : '';
      const html = `<section><h3><span class="m">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code>${auth ? ` <small>${auth}</small>` : ''}</h3><p>${escapeHtml(op.summary)}</p>${
        rows.length
          ? `<table><thead><tr><th>name</th><th>in</th><th>required</th><th>type</th><th>note</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
          : ''
      }</section>`;
      const tag = op.tags[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const tags = [...byTag.keys()].sort();
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Coinlens API reference</title><meta name="robots" content="noindex"><style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2430}
h3{font-size:1rem;margin:1.5rem 0 .25rem}.m{display:inline-block;min-width:3.2rem;font-weight:700;color:#1565c0}small{color:#5f6673;font-weight:400}
table{border-collapse:collapse;width:100%;font-size:14px}th,td{border-bottom:1px solid #e3e6eb;text-align:left;padding:.25rem .5rem;vertical-align:top}
nav a{margin-right:1rem}code{font-size:14px}</style></head><body><h1>Coinlens API</h1>
<p>Every answer is the envelope <code>{code, data, msg}</code>: <code>code</code> 0 on success; a mistake in the request is a 4xx with a non-zero code and a message in its language, and changes nothing. Every route except health and the data centre takes the day signature <code>t</code> of SPEC §7; <code>lan</code> (en, zh, zh-hk, ko) chooses the language. Sign-in: <code>Authorization: Bearer &lt;token&gt;</code>. The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<nav>${tags.map((t) => `<a href="#${encodeURIComponent(t)}">${escapeHtml(t)}</a>`).join('')}</nav>
${tags.map((t) => `<h2 id="${encodeURIComponent(t)}">${escapeHtml(t)}</h2>${byTag.get(t)!.join('')}`).join('\n')}
</body></html>`;
}
