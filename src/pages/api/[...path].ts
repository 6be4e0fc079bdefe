import type { APIRoute } from 'astro';
import { createApi } from '../../server/api/app.ts';

const api = createApi();

/** The one bridge from Astro into the Hono API app (the peer address goes along for per-IP limits). */
export const ALL: APIRoute = (context) => {
  let clientAddress: string | undefined;
  try {
    clientAddress = context.clientAddress;
  } catch {
    // Not available (prerendering, some adapters): limits per IP are skipped.
  }
  return api.fetch(context.request, { clientAddress });
};
