/**
 * Recognises a blockchain address or transaction hash typed into the search box, so the search
 * can offer it on block explorers instead of "No results found". Pure and small enough for the
 * quick-search island: checksums are verified here (base58check, bech32/bech32m, EIP-55), since
 * no library for them ships with the site.
 */
import { sha256 } from './sha256.ts';

/** Networks a query can belong to; each has explorers in src/lib/explorers.ts. */
const NETWORKS = [
  'bitcoin',
  'litecoin',
  'dogecoin',
  'ethereum',
  'bnb-chain',
  'polygon',
  'arbitrum',
  'optimism',
  'base',
  'avalanche',
  'tron',
  'solana',
] as const;
export type Network = (typeof NETWORKS)[number];

/** An EVM address or hash is the same string on every EVM chain. */
export const EVM_NETWORKS: readonly Network[] = [
  'ethereum',
  'bnb-chain',
  'polygon',
  'arbitrum',
  'optimism',
  'base',
  'avalanche',
];

type ChainQueryKind = 'address' | 'tx';

/**
 * What a query is: an address or a transaction, the networks it can be on, and the form to put
 * in explorer URLs (bech32 lower-cased, the rest as typed).
 */
export interface ChainQuery {
  kind: ChainQueryKind;
  /** Which family recognised it, for the description shown to the reader. */
  format: 'base58' | 'bech32' | 'evm' | 'hex' | 'tron' | 'solana';
  networks: Network[];
  value: string;
  /** A mixed-case EVM address whose capitals do not match its EIP-55 checksum: likely a typo. */
  badChecksum?: true;
}

/** Longest query that can be recognised (a Solana signature is at most 88 characters). */
export const MAX_CHAIN_QUERY_LENGTH = 90;

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const B58_MAP = new Map([...B58].map((c, i) => [c, i]));

/**
 * Base58 (Bitcoin alphabet) to bytes; null for a character outside the alphabet.
 * @example base58Decode('11') // Uint8Array [0, 0]
 */
export function base58Decode(s: string): Uint8Array | null {
  const bytes: number[] = [];
  for (const ch of s) {
    let carry = B58_MAP.get(ch);
    if (carry === undefined) return null;
    for (let i = 0; i < bytes.length; i++) {
      carry += bytes[i]! * 58;
      bytes[i] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }
  // Each leading '1' stands for a leading zero byte.
  for (let i = 0; i < s.length && s[i] === '1'; i++) bytes.push(0);
  return Uint8Array.from(bytes.reverse());
}

/**
 * Base58check payload (version byte first) when the last four bytes are the double SHA-256
 * checksum of the rest; null otherwise.
 */
export function base58checkDecode(s: string): Uint8Array | null {
  const raw = base58Decode(s);
  if (!raw || raw.length < 5) return null;
  const payload = raw.subarray(0, raw.length - 4);
  const sum = sha256(sha256(payload));
  for (let i = 0; i < 4; i++) if (sum[i] !== raw[payload.length + i]) return null;
  return payload;
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function polymod(values: number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i]!;
  }
  return chk >>> 0;
}

/**
 * A segwit address (BIP-173 bech32 for version 0, BIP-350 bech32m for 1–16): its human-readable
 * part and witness version, or null when the checksum, the variant or the program length is
 * wrong. Mixed case is invalid.
 * @example segwitDecode('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4') // { hrp: 'bc', version: 0 }
 */
export function segwitDecode(s: string): { hrp: string; version: number } | null {
  if (s !== s.toLowerCase() && s !== s.toUpperCase()) return null;
  const str = s.toLowerCase();
  const sep = str.lastIndexOf('1');
  if (sep < 1 || sep + 7 > str.length || str.length > 90) return null;
  const hrp = str.slice(0, sep);
  const data: number[] = [];
  for (const ch of str.slice(sep + 1)) {
    const v = BECH32.indexOf(ch);
    if (v < 0) return null;
    data.push(v);
  }
  const expanded = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];
  const check = polymod([...expanded, ...data]);
  const version = data[0]!;
  if (version > 16) return null;
  // bech32 for witness version 0, bech32m for the others (BIP-350).
  if (check !== (version === 0 ? 1 : 0x2bc830a3)) return null;
  // The program: 5-bit groups after the version, without the 6 checksum characters, as bytes.
  let acc = 0;
  let bits = 0;
  let length = 0;
  for (const v of data.slice(1, -6)) {
    acc = (acc << 5) | v;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      length++;
    }
  }
  if (bits >= 5 || (acc & ((1 << bits) - 1)) !== 0) return null;
  if (length < 2 || length > 40 || (version === 0 && length !== 20 && length !== 32)) return null;
  return { hrp, version };
}

const RC = [
  '0000000000000001',
  '0000000000008082',
  '800000000000808a',
  '8000000080008000',
  '000000000000808b',
  '0000000080000001',
  '8000000080008081',
  '8000000000008009',
  '000000000000008a',
  '0000000000000088',
  '0000000080008009',
  '000000008000000a',
  '000000008000808b',
  '800000000000008b',
  '8000000000008089',
  '8000000000008003',
  '8000000000008002',
  '8000000000000080',
  '000000000000800a',
  '800000008000000a',
  '8000000080008081',
  '8000000000008080',
  '0000000080000001',
  '8000000080008008',
].map((h) => BigInt(`0x${h}`));
const ROT = [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14];
const MASK = (BigInt(1) << BigInt(64)) - BigInt(1);

function rotl(x: bigint, n: number): bigint {
  if (n === 0) return x;
  return ((x << BigInt(n)) | (x >> BigInt(64 - n))) & MASK;
}

/**
 * Keccak-256 (the original padding Ethereum uses, not SHA3-256) of ASCII text, as hex. BigInt
 * lanes: slow per byte, but it only ever hashes a 40-character address.
 * @example keccak256Hex('') // 'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470'
 */
export function keccak256Hex(text: string): string {
  const rate = 136;
  const input = [...text].map((c) => c.charCodeAt(0) & 0xff);
  const padded = new Uint8Array(Math.floor(input.length / rate + 1) * rate);
  padded.set(input);
  padded[input.length]! ^= 0x01;
  padded[padded.length - 1]! ^= 0x80;
  const st: bigint[] = new Array<bigint>(25).fill(BigInt(0));
  for (let off = 0; off < padded.length; off += rate) {
    for (let i = 0; i < rate / 8; i++) {
      let lane = BigInt(0);
      for (let b = 7; b >= 0; b--) lane = (lane << BigInt(8)) | BigInt(padded[off + i * 8 + b]!);
      st[i] = st[i]! ^ lane;
    }
    for (const rc of RC) {
      const c = [0, 1, 2, 3, 4].map((x) => st[x]! ^ st[x + 5]! ^ st[x + 10]! ^ st[x + 15]! ^ st[x + 20]!);
      for (let x = 0; x < 5; x++) {
        const d = c[(x + 4) % 5]! ^ rotl(c[(x + 1) % 5]!, 1);
        for (let y = 0; y < 25; y += 5) st[y + x] = st[y + x]! ^ d;
      }
      // rho and pi: lane (x, y) moves to (y, 2x + 3y) rotated by its offset.
      const b: bigint[] = new Array<bigint>(25);
      for (let x = 0; x < 5; x++)
        for (let y = 0; y < 5; y++) b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(st[x + 5 * y]!, ROT[x + 5 * y]!);
      for (let y = 0; y < 25; y += 5)
        for (let x = 0; x < 5; x++) st[y + x] = b[y + x]! ^ (~b[y + ((x + 1) % 5)]! & MASK & b[y + ((x + 2) % 5)]!);
      st[0] = st[0]! ^ rc;
    }
  }
  let hex = '';
  for (let i = 0; i < 4; i++)
    for (let b = 0; b < 8; b++)
      hex += Number((st[i]! >> BigInt(8 * b)) & BigInt(0xff))
        .toString(16)
        .padStart(2, '0');
  return hex;
}

/**
 * The EIP-55 form of an EVM address (0x + 40 hex digits, any case).
 * @example toChecksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed') // '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
 */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = keccak256Hex(lower);
  let out = '0x';
  for (let i = 0; i < 40; i++) out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out;
}

/** Base58check version bytes of the legacy addresses we know. */
const BASE58_VERSIONS: Record<number, Network> = {
  0x00: 'bitcoin', // 1… pay-to-public-key-hash
  0x05: 'bitcoin', // 3… pay-to-script-hash
  0x30: 'litecoin', // L…
  0x32: 'litecoin', // M… (P2SH)
  0x1e: 'dogecoin', // D…
  0x16: 'dogecoin', // 9…/A… (P2SH)
};

const SEGWIT_HRPS: Record<string, Network> = { bc: 'bitcoin', ltc: 'litecoin' };

/**
 * Recognises an address or transaction hash, or returns null for anything else (including a
 * base58 or bech32 address with a wrong checksum, and any string with spaces).
 * @example recogniseChainQuery('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa') // { kind: 'address', networks: ['bitcoin'], … }
 */
export function recogniseChainQuery(raw: string): ChainQuery | null {
  const q = raw.trim();
  if (q.length < 26 || q.length > MAX_CHAIN_QUERY_LENGTH || /\s/.test(q)) return null;

  if (/^0x[0-9a-fA-F]{40}$/.test(q)) {
    const body = q.slice(2);
    const mixed = body !== body.toLowerCase() && body !== body.toUpperCase();
    const match: ChainQuery = { kind: 'address', format: 'evm', networks: [...EVM_NETWORKS], value: q };
    if (mixed && toChecksumAddress(q) !== q) match.badChecksum = true;
    return match;
  }
  if (/^0x[0-9a-fA-F]{64}$/.test(q))
    return { kind: 'tx', format: 'evm', networks: [...EVM_NETWORKS], value: q.toLowerCase() };
  // A bare 64-digit hash: a Bitcoin-family transaction id or a TRON transaction hash.
  if (/^[0-9a-fA-F]{64}$/.test(q))
    return { kind: 'tx', format: 'hex', networks: ['bitcoin', 'litecoin', 'dogecoin', 'tron'], value: q.toLowerCase() };

  const segwit = segwitDecode(q);
  if (segwit) {
    const network = SEGWIT_HRPS[segwit.hrp];
    return network ? { kind: 'address', format: 'bech32', networks: [network], value: q.toLowerCase() } : null;
  }

  const checked = base58checkDecode(q);
  if (checked) {
    if (checked.length === 21 && checked[0] === 0x41 && q.startsWith('T'))
      return { kind: 'address', format: 'tron', networks: ['tron'], value: q };
    const network = checked.length === 21 ? BASE58_VERSIONS[checked[0]!] : undefined;
    return network ? { kind: 'address', format: 'base58', networks: [network], value: q } : null;
  }

  // Solana has no checksum: a public key is 32 bytes, a transaction signature 64.
  const bytes = base58Decode(q);
  if (bytes?.length === 32 && q.length <= 44)
    return { kind: 'address', format: 'solana', networks: ['solana'], value: q };
  if (bytes?.length === 64 && q.length >= 64 && q.length <= 88)
    return { kind: 'tx', format: 'solana', networks: ['solana'], value: q };
  return null;
}
