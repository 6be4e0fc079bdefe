/**
 * Security headers for every response. Scripts and styles come from our own origin; Astro's
 * island bootstrap and our small theme/progress scripts are inline, hence 'unsafe-inline' for
 * scripts until nonces land. frame-ancestors 'self' keeps pages out of foreign frames, except
 * the embeddable price widget ({@link FRAMEABLE_PATHS}), which any site may frame.
 */
export const FRAMEABLE_PATHS: readonly string[] = ['/widget'];

/** Whether a site path (without locale prefix) may be framed by other sites. */
export function isFrameable(path: string | undefined): boolean {
  return path !== undefined && FRAMEABLE_PATHS.includes(path.replace(/\/$/, '') || '/');
}

export function securityHeaders(secure: boolean, path?: string): Record<string, string> {
  const frameable = isFrameable(path);
  const csp = [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline'",
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
