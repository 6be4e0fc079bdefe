import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDb } from '../../../../tests/setup/db.ts';
import type { DbHandle } from '../../../server/db/client.ts';
import { avatars } from '../../../server/db/schema/account.ts';
import {
  AVATAR_MAX_BYTES,
  AvatarError,
  avatarResponse,
  loadAvatar,
  processAvatar,
  saveAvatar,
} from './avatar.server.ts';

// Records what reaches the decoder, to show which uploads are refused before it sees them.
const decoded = vi.hoisted(() => new Set<unknown>());
vi.mock('sharp', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof import('sharp') }>()).default;
  const spy = (...args: Parameters<typeof real>) => {
    decoded.add(args[0]);
    return real(...args);
  };
  return { default: Object.assign(spy, real) };
});

const RED = { r: 220, g: 20, b: 20 };
const BLUE = { r: 20, g: 20, b: 220 };

/** 600×400, left half red, right half blue, stored with EXIF orientation 6 (shown turned 90° clockwise: red on top). */
function sidewaysJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: RED } })
    .composite([{ input: { create: { width: 300, height: 400, channels: 3, background: BLUE } }, left: 300, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

const near = (actual: number[], want: { r: number; g: number; b: number }) =>
  actual.every((v, i) => Math.abs(v - [want.r, want.g, want.b][i]!) < 24);

async function refusal(input: Uint8Array): Promise<AvatarError['reason']> {
  const e = await processAvatar(input).then(
    () => expect.fail('the image should have been refused'),
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AvatarError);
  return (e as AvatarError).reason;
}

describe('processAvatar', () => {
  it('turns a photo upright by its EXIF orientation, crops it to 256×256 and drops the metadata', async () => {
    const input = await sidewaysJpeg();
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const out = await processAvatar(input);
    expect(out.contentType).toBe('image/jpeg');
    expect(out.ext).toBe('jpg');
    const meta = await sharp(out.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 256, 256]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    // Upright, the red half is on top; left as stored, it would be on the left.
    expect(near(await pixel(out.bytes, 200, 20), RED)).toBe(true);
    expect(near(await pixel(out.bytes, 56, 236), BLUE)).toBe(true);
  });

  it('names the output by the SHA-256 of its bytes', async () => {
    const out = await processAvatar(await sidewaysJpeg());
    expect(out.hash).toBe(createHash('sha256').update(out.bytes).digest('hex').slice(0, 32));
  });

  it('puts a transparent PNG on white', async () => {
    const png = await sharp({
      create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: { create: { width: 100, height: 100, channels: 4, background: { ...BLUE, alpha: 1 } } },
          left: 100,
          top: 100,
        },
      ])
      .png()
      .toBuffer();
    const out = await processAvatar(png);
    const meta = await sharp(out.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['jpeg', 256, 256, false]);
    expect(near(await pixel(out.bytes, 5, 5), { r: 255, g: 255, b: 255 })).toBe(true);
    expect(near(await pixel(out.bytes, 128, 128), BLUE)).toBe(true);
  });

  it('refuses an SVG named .png by its first bytes, though the decoder would read it', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="red"/></svg>',
    );
    expect((await sharp(Buffer.from(svg)).metadata()).format).toBe('svg');
    expect(await refusal(svg)).toBe('type');
    expect(decoded.has(svg)).toBe(false);
  });

  it('refuses a GIF', async () => {
    const gif = await sharp({ create: { width: 32, height: 32, channels: 3, background: RED } })
      .gif()
      .toBuffer();
    expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect(await refusal(gif)).toBe('type');
    expect(decoded.has(gif)).toBe(false);
  });

  it('refuses a truncated JPEG or PNG, and bytes that only start like one', async () => {
    const jpeg = await sidewaysJpeg();
    expect(await refusal(jpeg.subarray(0, Math.floor(jpeg.length * 0.9)))).toBe('type');
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: RED } })
      .png()
      .toBuffer();
    expect(await refusal(png.subarray(0, png.length - 20))).toBe('type');
    expect(await refusal(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]))).toBe('type');
    expect(await refusal(new Uint8Array(0))).toBe('type');
  });

  it('refuses more than 2 MiB before reading it, and more than 40 megapixels before decoding them', async () => {
    const big = new Uint8Array(AVATAR_MAX_BYTES + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect(await refusal(big)).toBe('size');
    expect(decoded.has(big)).toBe(false);
    // A flat 48-megapixel PNG compresses to a few hundred kilobytes: a decompression bomb.
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: RED } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(AVATAR_MAX_BYTES);
    expect(await refusal(bomb)).toBe('size');
    expect(decoded.has(bomb)).toBe(true);
  });
});

describe('avatars in the database', () => {
  let handle: DbHandle;
  let url: string;
  let stored: Buffer;
  beforeAll(async () => {
    handle = await openTestDb();
    url = await saveAvatar(handle.db, await sidewaysJpeg());
    stored = (await processAvatar(await sidewaysJpeg())).bytes;
  });
  afterAll(async () => {
    await handle?.close();
  });
  const hashOf = (u: string) => /^\/avatars\/([0-9a-f]{32})\.jpg$/.exec(u)![1]!;

  it('stores an upload once by content and hands out its URL', async () => {
    expect(url).toMatch(/^\/avatars\/[0-9a-f]{32}\.jpg$/);
    expect(await saveAvatar(handle.db, await sidewaysJpeg())).toBe(url);
    const rows = await handle.db
      .select()
      .from(avatars)
      .where(eq(avatars.hash, hashOf(url)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.contentType).toBe('image/jpeg');
  });

  it('loads a stored avatar, and nothing for unknown or malformed hashes', async () => {
    const got = await loadAvatar(handle.db, hashOf(url));
    expect(got?.contentType).toBe('image/jpeg');
    expect(Buffer.compare(got!.bytes, stored)).toBe(0);
    expect(await loadAvatar(handle.db, '0'.repeat(32))).toBeNull();
    expect(await loadAvatar(handle.db, "x' or '1'='1")).toBeNull();
  });

  it('serves the image for a year, by its hash as ETag', async () => {
    const res = await avatarResponse(handle.db, `${hashOf(url)}.jpg`, null);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toBe(`"${hashOf(url)}"`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), stored)).toBe(0);
  });

  it('answers 304 when the client has it', async () => {
    const tag = `"${hashOf(url)}"`;
    for (const header of [tag, `W/${tag}`, `"other", ${tag}`]) {
      const res = await avatarResponse(handle.db, `${hashOf(url)}.jpg`, header);
      expect(res.status).toBe(304);
      expect(res.headers.get('etag')).toBe(tag);
      expect(await res.text()).toBe('');
    }
    expect((await avatarResponse(handle.db, `${hashOf(url)}.jpg`, '"0123"')).status).toBe(200);
  });

  it('answers 404 for missing avatars and any other name', async () => {
    const hash = hashOf(url);
    for (const file of [
      `${'0'.repeat(32)}.jpg`,
      `${hash.toUpperCase()}.jpg`,
      `${hash}.png`,
      `${hash}.jpg.svg`,
      hash,
      `${hash.slice(1)}.jpg`,
      '../secret.jpg',
      '',
    ]) {
      const res = await avatarResponse(handle.db, file, null);
      expect(res.status, file).toBe(404);
      expect(res.headers.get('etag')).toBeNull();
    }
  });
});
