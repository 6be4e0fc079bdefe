/**
 * Avatars: an upload is checked, decoded and re-encoded into a 256×256 JPEG with no metadata,
 * and stored in the database by content hash, so every instance can serve it and the URL never
 * changes meaning (it is cached for a year).
 */
import { CACHE } from '../../../server/http/cachePolicy.mjs';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../server/db/client.ts';
import { avatars } from '../../../server/db/schema/account.ts';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const SIDE = 256;
// 40 megapixels covers any phone camera; a larger "image" is a decompression bomb.
const MAX_PIXELS = 40e6;

const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The upload was refused: too large (`size`) or not a JPEG or PNG that decodes (`type`). */
export class AvatarError extends Error {
  override name = 'AvatarError';
  constructor(readonly reason: 'size' | 'type') {
    super(
      reason === 'size'
        ? `The image is larger than ${AVATAR_MAX_BYTES / 1024 / 1024} MiB or ${MAX_PIXELS / 1e6} megapixels.`
        : 'The image is not a readable JPEG or PNG.',
    );
  }
}

interface ProcessedAvatar {
  bytes: Buffer;
  contentType: 'image/jpeg';
  /** SHA-256 of `bytes`, hex, first 32 characters. */
  hash: string;
  ext: 'jpg';
}

/**
 * Checks size and magic bytes before anything decodes the upload (libvips would happily parse
 * SVG, TIFF or HEIF), then decodes it strictly, turns it upright by its EXIF orientation, crops
 * it to a 256×256 square and re-encodes it as a JPEG with no metadata (no GPS, no camera).
 * Transparent PNGs land on white. Throws AvatarError. `beforeDecode` runs once the cheap checks
 * passed, before the costly decoding (the caller's allowance of decodes may refuse it there).
 * @example const { bytes, hash } = await processAvatar(new Uint8Array(await file.arrayBuffer()));
 */
export async function processAvatar(input: Uint8Array, beforeDecode?: () => Promise<void>): Promise<ProcessedAvatar> {
  if (input.byteLength > AVATAR_MAX_BYTES) throw new AvatarError('size');
  if (!startsWith(input, JPEG_MAGIC) && !startsWith(input, PNG_MAGIC)) throw new AvatarError('type');
  await beforeDecode?.();
  let bytes: Buffer;
  try {
    // libvips is large; a process that never receives an avatar never loads it.
    const { default: sharp } = await import('sharp');
    const image = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
    const { format } = await image.metadata();
    if (format !== 'jpeg' && format !== 'png') throw new AvatarError('type');
    bytes = await image
      .rotate()
      .resize(SIDE, SIDE, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: false })
      .toBuffer();
  } catch (e) {
    if (e instanceof AvatarError) throw e;
    throw new AvatarError(/pixel limit/i.test((e as Error).message) ? 'size' : 'type');
  }
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  return { bytes, contentType: 'image/jpeg', hash, ext: 'jpg' };
}

/**
 * Processes and stores an upload; returns its URL path for users.avatar. The same picture
 * uploaded twice is stored once.
 * @example await saveAvatar(db, upload) // '/avatars/3f1c…e9.jpg'
 */
export async function saveAvatar(db: Db, input: Uint8Array, beforeDecode?: () => Promise<void>): Promise<string> {
  const { bytes, contentType, hash, ext } = await processAvatar(input, beforeDecode);
  await db.insert(avatars).values({ hash, contentType, bytes }).onConflictDoNothing();
  return `/avatars/${hash}.${ext}`;
}

const HASH = /^[0-9a-f]{32}$/;

/** A stored avatar by hash, or null (also for anything that is not a hash). */
export async function loadAvatar(db: Db, hash: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  if (!HASH.test(hash)) return null;
  const [row] = await db
    .select({ bytes: avatars.bytes, contentType: avatars.contentType })
    .from(avatars)
    .where(eq(avatars.hash, hash));
  return row ?? null;
}

const FILE = /^([0-9a-f]{32})\.jpg$/;

/**
 * The answer to GET /avatars/<file>: the image, cached for a year (its name is its content),
 * 304 when the client already has it, 404 for any other name.
 * @example avatarResponse(db, '3f1c…e9.jpg', request.headers.get('if-none-match'))
 */
export async function avatarResponse(db: Db, file: string, ifNoneMatch: string | null): Promise<Response> {
  const hash = FILE.exec(file)?.[1];
  if (!hash) return notFound();
  const etag = `"${hash}"`;
  const headers = { ETag: etag, 'Cache-Control': CACHE.immutable, 'X-Content-Type-Options': 'nosniff' };
  // The name is the content: a client holding this tag holds these bytes, no need to read them.
  if (ifNoneMatch && matches(ifNoneMatch, hash)) return new Response(null, { status: 304, headers });
  const avatar = await loadAvatar(db, hash);
  if (!avatar) return notFound();
  return new Response(new Uint8Array(avatar.bytes), {
    status: 200,
    headers: { ...headers, 'Content-Type': avatar.contentType },
  });
}

function notFound(): Response {
  // Briefly cacheable: a name that does not exist now is only ever created by an upload, which
  // hands out its URL after storing it.
  return new Response('Not found', {
    status: 404,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': CACHE.minute,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** If-None-Match against our tag (weak comparison, as RFC 9110 asks for this header). */
function matches(header: string, hash: string): boolean {
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === `"${hash}"`);
}

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return bytes.byteLength >= magic.length && magic.every((b, i) => bytes[i] === b);
}
