import type { APIRoute } from 'astro';
import { avatarResponse } from '../../features/reader/account/index.ts';
import { getDb } from '../../server/db/index.ts';

/** Avatars from the database, by content hash (`/avatars/<hash>.jpg`), cached for a year. */
export const GET: APIRoute = async ({ params, request }) =>
  avatarResponse(await getDb(), params.file ?? '', request.headers.get('if-none-match'));
