import { describe, expect, it } from 'vitest';
import { isFrameable, nodeSecurityHeaders, securityHeaders } from './headers.ts';

describe('security headers', () => {
  it('keeps ordinary pages out of foreign frames', () => {
    const h = securityHeaders(false, '/review');
    expect(h['Content-Security-Policy']).toContain("frame-ancestors 'self'");
    expect(h['X-Frame-Options']).toBe('SAMEORIGIN');
    expect(securityHeaders(false)['X-Frame-Options']).toBe('SAMEORIGIN');
  });

  it('lets any site frame the price widget, and only it', () => {
    const h = securityHeaders(true, '/widget');
    expect(h['Content-Security-Policy']).toContain('frame-ancestors *');
    expect(h).not.toHaveProperty('X-Frame-Options');
    expect(h['Strict-Transport-Security']).toMatch(/max-age=/);
    expect(isFrameable('/widget/')).toBe(true);
    expect(isFrameable('/widget/help')).toBe(false);
    expect(isFrameable('/widgets')).toBe(false);
    expect(isFrameable(undefined)).toBe(false);
  });

  it('allows inline scripts only by the hashes of the build, never unsafe-inline', () => {
    const hashes = ["'sha256-AAAA'", "'sha256-BBBB'"];
    const csp = securityHeaders(false, '/news', hashes)['Content-Security-Policy']!;
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe("script-src 'self' 'sha256-AAAA' 'sha256-BBBB'");
    expect(securityHeaders(false, '/news', [])['Content-Security-Policy']).toContain("script-src 'self';");
    // Only the dev server, whose Vite client injects inline scripts, goes without hashes.
    expect(securityHeaders(false, '/news', null)['Content-Security-Policy']).toContain(
      "script-src 'self' 'unsafe-inline'",
    );
  });

  it('reads a Node request as the middleware does: path without the locale prefix, protocol', () => {
    expect(nodeSecurityHeaders({ url: '/zh/widget?theme=dark', headers: {} })).not.toHaveProperty('X-Frame-Options');
    expect(nodeSecurityHeaders({ url: '/coin//', headers: {} })['X-Frame-Options']).toBe('SAMEORIGIN');
    expect(nodeSecurityHeaders({ url: '/', headers: {}, socket: { encrypted: true } })).toHaveProperty(
      'Strict-Transport-Security',
    );
    expect(nodeSecurityHeaders({ url: '/', headers: { 'x-forwarded-proto': 'https' } })).toHaveProperty(
      'Strict-Transport-Security',
    );
    expect(nodeSecurityHeaders({ url: '/', headers: {} })).not.toHaveProperty('Strict-Transport-Security');
    // A target no URL parser takes still gets the site's headers.
    expect(nodeSecurityHeaders({ url: 'http://[', headers: {} })['X-Content-Type-Options']).toBe('nosniff');
  });
});
