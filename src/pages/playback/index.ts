import type { APIRoute } from 'astro';
import { redirectHome } from '../../server/http/legacyRedirect.ts';

/** /playback → / (SPEC §2), under the same locale prefix. */
export const GET: APIRoute = ({ locals }) => redirectHome(locals.base);
