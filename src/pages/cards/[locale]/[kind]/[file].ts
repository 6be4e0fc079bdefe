import type { APIRoute } from 'astro';
import { cardResponse } from '../../../../features/site/index.ts';
import { getDb } from '../../../../server/db/index.ts';

/**
 * Share cards, `/cards/{locale}/{article|coin}/{id}.png` (src/features/site/cards). The parts are read
 * from the path the middleware settled (`locals.path`): under a locale prefix Astro may hand a
 * rewritten endpoint another route's params.
 */
export const GET: APIRoute = async ({ locals, request }) => {
  const [, cards, locale = '', kind = '', file = '', ...more] = locals.path.split('/');
  if (cards !== 'cards' || more.length) return cardResponse(await getDb(), { locale: '', kind: '', file: '' }, null);
  return cardResponse(await getDb(), { locale, kind, file }, request.headers.get('if-none-match'));
};
