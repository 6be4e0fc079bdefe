// http_ece (a dependency of web-push) ships no types; the push tests decrypt payloads with it.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(
    buffer: Buffer,
    params: { version?: 'aes128gcm' | 'aesgcm'; privateKey?: ECDH; authSecret?: string | Buffer; dh?: string },
  ): Buffer;
  const ece: { decrypt: typeof decrypt };
  export default ece;
}
