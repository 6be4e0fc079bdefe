/**
 * Password hashing: argon2id with OWASP's minimum (m = 19 MiB, t = 2, p = 1) through
 * @node-rs/argon2, which hashes on libuv's thread pool, so the event loop stays free.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Algorithm.Argon2id: the package declares a const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN = 6;
/** Long enough for any passphrase, short enough that hashing it is no denial of service. */
export const PASSWORD_MAX = 128;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of a random password: verified against when no account matches, so both cases take as long. */
let dummy: Promise<string> | undefined;

/**
 * True when `password` matches `stored`. A missing or unusable hash (unknown account, the
 * seeder's demo users) still costs one full verification and answers false.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored?.startsWith('$argon2')) {
    dummy ??= hashPassword(crypto.randomUUID());
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
