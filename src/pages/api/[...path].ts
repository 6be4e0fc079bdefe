import type { APIRoute } from 'astro';
import { createApi } from '../../server/api/app.ts';

const api = createApi();

/** The one bridge from Astro into the Hono API app. */
export const ALL: APIRoute = ({ request }) => api.fetch(request);
