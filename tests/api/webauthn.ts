/**
 * A software authenticator for API tests: creates ES256 passkeys and signs WebAuthn challenges
 * in the exact shapes a browser sends (attestation "none"), so the server's real checks run
 * (origin, relying party, user verification, signature, counter). The browser tests use
 * Chromium's virtual authenticator instead.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

type Json = Record<string, unknown>;
const b64u = (b: Buffer | Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();

/** The CBOR this needs: unsigned and negative integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) =>
    n < 24
      ? Buffer.from([(major << 5) | n])
      : n < 256
        ? Buffer.from([(major << 5) | 24, n])
        : Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Map)
    return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  throw new Error(`cbor: ${typeof value}`);
}

interface Credential {
  id: Buffer;
  key: KeyObject;
  counter: number;
  userHandle: string;
}

export interface Options {
  /** The page's origin the browser would write into clientDataJSON (default: the authenticator's). */
  origin?: string;
  /** The relying party the authenticator signs for (default: the origin's host). */
  rpId?: string;
  /** The device checked the reader (fingerprint, PIN): the UV flag. */
  verified?: boolean;
  /** Sign with this count instead of the next one (a cloned authenticator shows an old count). */
  counter?: number;
}

export function softAuthenticator(origin: string) {
  const credentials: Credential[] = [];
  const flags = (o: Options, attested: boolean) => 0x01 | (o.verified === false ? 0 : 0x04) | (attested ? 0x40 : 0);
  const clientData = (type: string, challenge: string, o: Options) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: o.origin ?? origin, crossOrigin: false }));
  const rpHash = (o: Options) => sha256(o.rpId ?? new URL(origin).hostname);

  return {
    credentials,
    /** navigator.credentials.create for the server's registration options. */
    create(options: Json, o: Options = {}): Json {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = cbor(
        new Map<number, unknown>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const id = randomBytes(16);
      const counter = Buffer.alloc(4);
      const idLength = Buffer.from([id.length >> 8, id.length & 255]);
      const authData = Buffer.concat([
        rpHash(o),
        Buffer.from([flags(o, true)]),
        counter,
        Buffer.alloc(16),
        idLength,
        id,
        cose,
      ]);
      const user = options.user as { id: string };
      credentials.push({ id, key: privateKey, counter: 0, userHandle: user.id });
      return {
        id: b64u(id),
        rawId: b64u(id),
        type: 'public-key',
        response: {
          clientDataJSON: b64u(clientData('webauthn.create', options.challenge as string, o)),
          attestationObject: b64u(
            cbor(
              new Map<string, unknown>([
                ['fmt', 'none'],
                ['attStmt', new Map()],
                ['authData', authData],
              ]),
            ),
          ),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    /** navigator.credentials.get with `credential` (default: the last created) for the server's options. */
    get(options: Json, credential: Credential | undefined = credentials.at(-1), o: Options = {}): Json {
      if (!credential) throw new Error('no passkey');
      credential.counter = o.counter ?? credential.counter + 1;
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(credential.counter);
      const authData = Buffer.concat([rpHash(o), Buffer.from([flags(o, false)]), counter]);
      const data = clientData('webauthn.get', options.challenge as string, o);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), credential.key);
      return {
        id: b64u(credential.id),
        rawId: b64u(credential.id),
        type: 'public-key',
        response: {
          clientDataJSON: b64u(data),
          authenticatorData: b64u(authData),
          signature: b64u(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
