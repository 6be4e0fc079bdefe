import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  base58checkDecode,
  base58Decode,
  EVM_NETWORKS,
  keccak256Hex,
  recogniseChainQuery,
  segwitDecode,
  toChecksumAddress,
} from './chainQuery.ts';

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** An independent base58 encoder (BigInt), so decoding is checked against another implementation. */
function base58Encode(bytes: Uint8Array): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let out = '';
  while (n > 0n) {
    out = B58[Number(n % 58n)]! + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

function base58check(version: number, body: Uint8Array): string {
  const payload = Buffer.concat([Buffer.from([version]), body]);
  const sum = createHash('sha256').update(createHash('sha256').update(payload).digest()).digest();
  return base58Encode(Buffer.concat([payload, sum.subarray(0, 4)]));
}

const body20 = Uint8Array.from({ length: 20 }, (_, i) => (i * 37 + 11) & 0xff);

describe('base58', () => {
  it('decodes leading zeros and round-trips random bytes', () => {
    expect([...base58Decode('11')!]).toEqual([0, 0]);
    for (let len = 1; len < 70; len += 7) {
      const bytes = Uint8Array.from({ length: len }, (_, i) => (i === 0 ? 0 : (i * 151 + len) & 0xff));
      expect([...base58Decode(base58Encode(bytes))!]).toEqual([...bytes]);
    }
  });
  it('refuses characters outside the alphabet (0, O, I, l)', () => {
    for (const s of ['10', '1O', '1I', '1l', '1+']) expect(base58Decode(s)).toBeNull();
  });
  it('checks the double SHA-256 checksum', () => {
    expect(base58checkDecode('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')?.[0]).toBe(0);
    expect(base58checkDecode('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBeNull();
  });
});

describe('bech32 / bech32m (BIP-173, BIP-350 test vectors)', () => {
  it('accepts valid segwit addresses', () => {
    expect(segwitDecode('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toEqual({ hrp: 'bc', version: 0 });
    expect(segwitDecode('bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3')).toEqual({
      hrp: 'bc',
      version: 0,
    });
    expect(segwitDecode('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toEqual({
      hrp: 'bc',
      version: 1,
    });
  });
  it('refuses a wrong checksum, a wrong variant, mixed case and a bad program length', () => {
    expect(segwitDecode('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBeNull();
    // BIP-350: version 1 with a bech32 (not bech32m) checksum is invalid.
    expect(segwitDecode('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd')).toBeNull();
    expect(segwitDecode('bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBeNull();
    // BIP-173: invalid program length for witness version 0.
    expect(segwitDecode('BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P')).toBeNull();
  });
});

describe('Keccak-256 and EIP-55', () => {
  it('hashes like Ethereum', () => {
    expect(keccak256Hex('')).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
    expect(keccak256Hex('abc')).toBe('4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45');
    // More than one 136-byte block.
    expect(keccak256Hex('a'.repeat(200))).toHaveLength(64);
  });
  it('gives the checksum addresses of the EIP-55 examples', () => {
    for (const a of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(toChecksumAddress(a.toLowerCase())).toBe(a);
    }
  });
});

describe('recogniseChainQuery', () => {
  it('recognises Bitcoin addresses: P2PKH, P2SH, bech32, bech32m', () => {
    expect(recogniseChainQuery('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toEqual({
      kind: 'address',
      format: 'base58',
      networks: ['bitcoin'],
      value: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    });
    expect(recogniseChainQuery('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')?.networks).toEqual(['bitcoin']);
    expect(recogniseChainQuery(' BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4 ')).toEqual({
      kind: 'address',
      format: 'bech32',
      networks: ['bitcoin'],
      value: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    });
    expect(recogniseChainQuery('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')?.format).toBe(
      'bech32',
    );
  });
  it('recognises Litecoin and Dogecoin legacy addresses by version byte', () => {
    expect(recogniseChainQuery(base58check(0x30, body20))?.networks).toEqual(['litecoin']);
    expect(recogniseChainQuery(base58check(0x32, body20))?.networks).toEqual(['litecoin']);
    expect(recogniseChainQuery(base58check(0x1e, body20))?.networks).toEqual(['dogecoin']);
    expect(recogniseChainQuery(base58check(0x00, body20))?.networks).toEqual(['bitcoin']);
    // A valid checksum on an unknown version is nothing we can offer.
    expect(recogniseChainQuery(base58check(0x6f, body20))).toBeNull();
  });
  it('recognises transaction ids: Bitcoin-family or TRON for bare hex, EVM for 0x', () => {
    const genesis = '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b';
    expect(recogniseChainQuery(genesis)).toEqual({
      kind: 'tx',
      format: 'hex',
      networks: ['bitcoin', 'litecoin', 'dogecoin', 'tron'],
      value: genesis,
    });
    expect(recogniseChainQuery(genesis.toUpperCase())?.value).toBe(genesis);
    const ethTx = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';
    expect(recogniseChainQuery(ethTx)).toEqual({
      kind: 'tx',
      format: 'evm',
      networks: [...EVM_NETWORKS],
      value: ethTx,
    });
  });
  it('recognises EVM addresses and flags a wrong EIP-55 checksum', () => {
    const good = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(recogniseChainQuery(good)).toEqual({
      kind: 'address',
      format: 'evm',
      networks: [...EVM_NETWORKS],
      value: good,
    });
    expect(recogniseChainQuery(good.toLowerCase())?.badChecksum).toBeUndefined();
    expect(recogniseChainQuery(`0x${good.slice(2).toUpperCase()}`)?.badChecksum).toBeUndefined();
    expect(recogniseChainQuery('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')?.badChecksum).toBe(true);
  });
  it('recognises TRON addresses', () => {
    expect(recogniseChainQuery('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toEqual({
      kind: 'address',
      format: 'tron',
      networks: ['tron'],
      value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    });
    expect(recogniseChainQuery('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBeNull();
  });
  it('recognises Solana public keys and signatures', () => {
    for (const key of [
      '11111111111111111111111111111111',
      'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    ]) {
      expect(recogniseChainQuery(key)).toEqual({ kind: 'address', format: 'solana', networks: ['solana'], value: key });
    }
    const sig = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
    expect(recogniseChainQuery(sig)).toEqual({ kind: 'tx', format: 'solana', networks: ['solana'], value: sig });
    expect(recogniseChainQuery(base58Encode(Uint8Array.from({ length: 64 }, (_, i) => 200 - i)))?.kind).toBe('tx');
  });
  it('refuses everything else', () => {
    for (const q of [
      '',
      'bitcoin',
      'eth/usdt',
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', // checksum
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7Divf0a', // 0 is not base58
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', // 39 digits
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAedd', // 41 digits
      '0xZaAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', // not hex
      '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33', // 63 digits
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', // bech32 checksum
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', // testnet: no explorer offered
      '1A1zP1eP5QGefi2DMPT fTL5SLmv7DivfNa', // space
      base58Encode(Uint8Array.from({ length: 33 }, (_, i) => i + 1)), // 33 bytes: neither key nor signature
      'x'.repeat(200),
    ]) {
      expect(recogniseChainQuery(q), q).toBeNull();
    }
  });
});
