import { CACHE } from '../../../server/http/cachePolicy.mjs';
import type { APIRoute } from 'astro';
import { config } from '../../../server/config.ts';
import { getDb } from '../../../server/db/index.ts';
import { coinIconSvg, letterIcon, saveIconFile } from '../../../features/market/coins/index.ts';
import { coinIconInfo } from '../../../features/market/coins/index.ts';

/**
 * Coin icons, served locally (no third-party image host). The first request for a coin renders
 * its icon and keeps it as a file under DATA_DIR/icons; the server answers later requests from
 * that file without asking the database.
 */
export const GET: APIRoute = async ({ params }) => {
  const id = params.id ?? '';
  const info = await coinIconInfo(await getDb(), id);
  const svg = info ? await coinIconSvg(info.symbol, info.color, info.hasIcon) : letterIcon('?', null);
  if (info) await saveIconFile(config().dataDir, id, svg);
  return new Response(svg, {
    status: info ? 200 : 404,
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': info ? CACHE.icon : CACHE.fiveMinutes,
    },
  });
};
