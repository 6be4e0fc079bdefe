import type { APIRoute } from 'astro';
import { getDb } from '../../server/db/index.ts';
import { isRateSymbol } from '../../server/rates/rates.ts';
import { exportTable } from '../../features/export/index.ts';
import { exportResponse } from '../../features/export/index.ts';
import { view } from '../../server/view.ts';

/**
 * `/export/{table}.{csv|json}?<the page's query>&currency=&all=1`: the table a list page shows,
 * as a file. Under a locale prefix (/zh/export/…) the headers are in that language, else the
 * visitor's; the currency is the link's (the page's) or the visitor's.
 */
export const GET: APIRoute = async (context) => {
  // Under a locale prefix the middleware rewrites to this route, and Astro hands an endpoint the
  // context of the route first matched (params empty, url still prefixed): the file name is read
  // from the unprefixed path the middleware recorded.
  const file = (context.locals.path ?? context.url.pathname).split('/').pop() ?? '';
  const match = /^([a-z]+(?:-[a-z]+)*)\.(csv|json)$/.exec(file);
  const table = match ? exportTable(match[1]!) : undefined;
  if (!match || !table) return context.rewrite('/404');
  const params = context.url.searchParams;
  const asked = params.get('currency')?.toUpperCase() ?? '';
  const currency = isRateSymbol(asked) ? asked : context.locals.currency;
  const v = await view({ locals: { ...context.locals, currency } });
  const response = await exportResponse(await getDb(), v, table, params, {
    format: match[2] as 'csv' | 'json',
    all: params.get('all') === '1',
    now: new Date(),
  });
  return response ?? context.rewrite('/404');
};
