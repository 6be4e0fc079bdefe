import { inlineScriptSources } from './csp.ts';
import { renderInputs } from './renderInputs.ts';

/**
 * Security headers for every response. Scripts come from our own origin, plus the inline scripts
 * Astro writes (island element, client directives), allowed by their hashes (src/server/http/csp.ts);
 * no 'unsafe-inline' for scripts. Styles keep 'unsafe-inline': pages carry style attributes
 * (the rise/fall colours on <html>, widths of bars and sparklines) and Astro inlines small
 * stylesheets, and a style cannot run code. frame-ancestors 'self' keeps pages out of foreign
 * frames, except the embeddable price widget ({@link FRAMEABLE_PATHS}), which any site may frame.
 */
const FRAMEABLE_PATHS: readonly string[] = ['/widget'];

/** Whether a site path (without locale prefix) may be framed by other sites. */
export function isFrameable(path: string | undefined): boolean {
  return path !== undefined && FRAMEABLE_PATHS.includes(path.replace(/\/$/, '') || '/');
}

export function securityHeaders(
  secure: boolean,
  path?: string,
  inlineScripts: readonly string[] | null = inlineScriptSources(),
): Record<string, string> {
  const frameable = isFrameable(path);
  const csp = [
    "default-src 'self'",
    ['script-src', "'self'", ...(inlineScripts ?? ["'unsafe-inline'"])].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    frameable ? 'frame-ancestors *' : "frame-ancestors 'self'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // X-Frame-Options has no "allow any" value: frameable paths go without it.
    ...(frameable ? {} : { 'X-Frame-Options': 'SAMEORIGIN' }),
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    ...(secure ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

type NodeRequest = {
  url?: string;
  headers: Record<string, string | string[] | undefined>;
  socket?: { encrypted?: boolean };
};

/**
 * The security headers of a Node request: what {@link securityHeaders} gives its path (without
 * the locale prefix) and protocol, read as the middleware reads them.
 * @example nodeSecurityHeaders({ url: '/zh/widget', headers: {} })['Content-Security-Policy'] // ends with 'frame-ancestors *'
 */
export function nodeSecurityHeaders(req: NodeRequest): Record<string, string> {
  let url: URL;
  try {
    url = new URL(req.url ?? '/', `${req.socket?.encrypted ? 'https' : 'http'}://localhost`);
  } catch {
    url = new URL('http://localhost/');
  }
  const { secure, rest } = renderInputs(
    url,
    (name) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v.join(', ') : v;
    },
    {},
  );
  return securityHeaders(secure, rest);
}

/**
 * Publishes {@link nodeSecurityHeaders} for src/server/http/node/server.mjs (outside the bundle), which gives
 * them to every answer it sends: the app's, and those made before or around it (static files and
 * their 304s, Astro's own trailing-slash redirects, Node's 400/408/431).
 */
export function publishSecurityHeaders(): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for('coinlens.securityHeaders')] = nodeSecurityHeaders;
}
