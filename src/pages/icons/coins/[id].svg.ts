import type { APIRoute } from 'astro';
import { getDb } from '../../../server/db/index.ts';
import { coinIconSvg, letterIcon } from '../../../server/domain/icons.ts';
import { coinIconInfo } from '../../../server/domain/markets.ts';

/** Coin icons, served locally (no third-party image host). */
export const GET: APIRoute = async ({ params }) => {
  const info = await coinIconInfo(await getDb(), params.id ?? '');
  const svg = info ? await coinIconSvg(info.symbol, info.color, info.hasIcon) : letterIcon('?', null);
  return new Response(svg, {
    status: info ? 200 : 404,
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800' },
  });
};
