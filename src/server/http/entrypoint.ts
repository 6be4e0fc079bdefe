/**
 * The server entrypoint Astro builds into dist/server/entry.mjs, in place of @astrojs/node's own
 * (astro.config.mjs swaps it in; the adapter's configuration hooks stay). It exports the same
 * middleware-mode `handler` that src/server/http/node/server.mjs calls, with one difference: the adapter runs
 * every render inside an AsyncLocalStorage only to name the URL when it logs an unhandled
 * rejection, and an AsyncLocalStorage in use turns on Node 20's promise hooks for the whole
 * process. Astro makes thousands of promises per page; the hooks and their garbage were a
 * twentieth of an uncached page's CPU (scripts/bench/pages.mjs).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SSRManifest } from 'astro';
import { applyPolyfills, NodeApp } from 'astro/app/node';
import { setGetEnv } from 'astro/env/setup';
import { publishSecurityHeaders } from './headers.ts';
import { rememberPageModules } from './pageModules.ts';

applyPolyfills();
setGetEnv((key) => process.env[key]);

/** What @astrojs/node passes (its options and the build's directories). */
interface Options {
  experimentalDisableStreaming?: boolean;
  [key: string]: unknown;
}

type Locals = object | undefined;
export type Handler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: () => unknown,
  locals?: Locals,
) => Promise<unknown>;

export function createExports(manifest: SSRManifest, options: Options): { handler: Handler; options: Options } {
  rememberPageModules(manifest);
  publishSecurityHeaders();
  const app = new NodeApp(manifest, !options.experimentalDisableStreaming);
  const logger = app.getAdapterLogger();
  // Like the adapter: a rejection nobody handled is logged, and the server keeps serving.
  process.on('unhandledRejection', (reason) => {
    logger.error('Unhandled rejection');
    console.error(reason);
  });
  // No page is prerendered, so there is no error page on disk to fetch.
  const prerenderedErrorPageFetch = async () => new Response(null, { status: 404 });

  const handler: Handler = async (req, res, next, locals) => {
    try {
      const request = NodeApp.createRequest(req, { allowedDomains: app.getAllowedDomains?.() ?? [] });
      const routeData = app.match(request, true);
      if (!routeData && next) return next();
      const response = await app.render(request, {
        addCookieHeader: true,
        locals,
        routeData,
        prerenderedErrorPageFetch,
      });
      await NodeApp.writeResponse(response, res);
    } catch (err) {
      // The path only (as src/server/http/node/server.mjs logs it): reset and activation links carry their token in the query, private feeds in the path.
      logger.error(`Could not render ${(req.url ?? '/').split('?')[0]!.replace(/^(\/feeds\/private\/)[^/]+/, '$1…')}`);
      console.error(err);
      if (!res.headersSent) res.writeHead(500, 'Server error').end();
    }
    return undefined;
  };
  return { handler, options };
}
