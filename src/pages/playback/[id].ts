import type { APIRoute } from 'astro';
import { redirectHome } from '../../server/http/legacyRedirect.ts';

/** /playback/{id} → / (SPEC §2), under the same locale prefix. The route table also lists /playback/{id?} as a page; the redirect row wins (see docs in legacyRedirect.ts). */
export const GET: APIRoute = ({ locals }) => redirectHome(locals.base);
