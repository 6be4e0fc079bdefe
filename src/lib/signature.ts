/**
 * The `t` request signature of SPEC §7, shared by the server and the browser:
 * `day = floor(nowMs / 86400000) * 86400000`, `t = sha256(day + ":" + salt)` cut to 16 hex chars.
 * Uses Web Crypto where available, else a plain-JS SHA-256 (insecure-context browsers).
 */
import { sha256Hex as sha256Fallback } from './sha256.ts';

export const DAY_MS = 86_400_000;

async function sha256Hex(text: string): Promise<string> {
  if (!globalThis.crypto?.subtle) return sha256Fallback(text);
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Start of the UTC day containing `nowMs`. */
export function dayStart(nowMs: number): number {
  return Math.floor(nowMs / DAY_MS) * DAY_MS;
}

/**
 * The signature for the day containing `nowMs`.
 * @example await signature(Date.now(), 'coinlens') // '3f1c…' (16 hex chars)
 */
export async function signature(nowMs: number, salt: string): Promise<string> {
  return (await sha256Hex(`${dayStart(nowMs)}:${salt}`)).slice(0, 16);
}

/** True when `t` is the signature of yesterday, today or tomorrow (clock skew either way). */
export async function verifySignature(t: string | undefined | null, nowMs: number, salt: string): Promise<boolean> {
  if (!t || !/^[0-9a-f]{16}$/.test(t)) return false;
  const day = dayStart(nowMs);
  for (const d of [day - DAY_MS, day, day + DAY_MS]) {
    if ((await signature(d, salt)) === t) return true;
  }
  return false;
}
