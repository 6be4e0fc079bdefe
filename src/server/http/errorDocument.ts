/**
 * The page answered when rendering itself failed: 400 when PostgreSQL refused a value the client
 * sent, 500 for our own faults. It uses nothing that may be what failed (no database, no layout),
 * only the translator, and tells nothing about the failure.
 */
import { html } from '../../lib/html.ts';
import { LOCALE_TAGS, type Locale } from '../../lib/i18n/index.ts';
import { translator } from '../i18n/index.ts';
import { CACHE } from './cachePolicy.mjs';

export function errorDocument(status: 400 | 500, locale: Locale, base: string): Response {
  const t = translator(locale);
  const [title, heading, body] =
    status === 400
      ? [t('title.badRequest'), t('error.badRequestTitle'), t('error.badRequestBody')]
      : [t('title.serverError'), t('error.serverTitle'), t('error.serverBody')];
  const page = html`<!doctype html>
<html lang="${LOCALE_TAGS[locale]}" data-locale="${locale}">
<head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><meta name="robots" content="noindex" />
<title>${title} | ${t('site.name')}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0}.err{text-align:center;padding:64px 16px}.code{font-size:4rem;font-weight:800;color:#2563eb;margin:0}</style></head>
<body><main class="err" data-testid="${status === 400 ? 'bad-request' : 'server-error'}"><p class="code">${status}</p><h1>${heading}</h1><p>${body}</p><p><a href="${base || ''}/">${t('error.backHome')}</a></p></main></body>
</html>`;
  return new Response(page.value, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': CACHE.none },
  });
}
