import { describe, expect, it } from 'vitest';
import { chunkPayloads, MAX_PAYLOAD, parsePayload } from './pg.ts';
import { DEFAULT_MAX_BYTES, formatEvent, SseChannel } from './sse.ts';

/** Every chunk until the stream ends: the channel's chunks are strings (sse.ts says why). */
async function readAll(stream: ReadableStream<string>): Promise<string> {
  let text = '';
  for await (const chunk of stream as unknown as AsyncIterable<string>) text += chunk;
  return text;
}

describe('SseChannel', () => {
  it('formats events with an id and multi-line data', () => {
    expect(formatEvent('{"a":1}', 7)).toBe('id: 7\ndata: {"a":1}\n\n');
    expect(formatEvent('x\ny')).toBe('data: x\ndata: y\n\n');
  });

  it('streams the retry hint and the events in order', async () => {
    const ch = new SseChannel({ heartbeatMs: 0, retryMs: 1500 });
    ch.send({ n: 1 }, 1);
    ch.send({ n: 2 }, 2);
    ch.close();
    const text = await readAll(ch.stream);
    expect(text).toBe('retry: 1500\n\nid: 1\ndata: {"n":1}\n\nid: 2\ndata: {"n":2}\n\n');
    expect(ch.reason).toBe('server');
  });

  it('drops a client whose unread bytes would exceed the bound', async () => {
    // The retry hint (13 bytes) and three events of 15 bytes fill 58 bytes exactly.
    expect(new TextEncoder().encode(formatEvent(JSON.stringify({ i: 0 }))).byteLength).toBe(15);
    const ch = new SseChannel({ heartbeatMs: 0, retryMs: 3000, maxBytes: 13 + 3 * 15 });
    let closed = 0;
    ch.onClose(() => closed++);
    for (let i = 0; i < 3; i++) expect(ch.send({ i })).toBe(true);
    expect(ch.closed).toBe(false);
    expect(ch.send({ i: 3 })).toBe(false);
    expect(ch.closed).toBe(true);
    expect(ch.reason).toBe('slow');
    expect(closed).toBe(1);
    expect(ch.send({ i: 4 })).toBe(false);
    await expect(ch.stream.getReader().read()).rejects.toThrow(/slow/);
  });

  it('keeps a client that reads as fast as events come', async () => {
    const ch = new SseChannel({ heartbeatMs: 0, maxBytes: 40 });
    const reader = ch.stream.getReader();
    await reader.read(); // retry hint
    for (let i = 0; i < 50; i++) {
      expect(ch.send({ i })).toBe(true);
      const { value } = await reader.read();
      expect(value).toContain(`"i":${i}`);
    }
    expect(ch.closed).toBe(false);
    await reader.cancel();
    expect(ch.closed).toBe(true);
    expect(ch.reason).toBe('client');
  });

  it('counts bytes as sent, not characters', () => {
    // The retry hint (13 bytes) and room for 9 more: three euro signs are 3 characters, 9 bytes.
    const ch = new SseChannel({ heartbeatMs: 0, retryMs: 3000, maxBytes: 13 + 9 });
    expect(ch.write('€€€')).toBe(true);
    expect(ch.write('x')).toBe(false);
    expect(ch.reason).toBe('slow');
  });

  it('bounds bytes, not events: one large event is too much for a client that has not read', () => {
    const ch = new SseChannel({ heartbeatMs: 0, maxBytes: 64 * 1024 });
    expect(ch.send({ blob: 'x'.repeat(40 * 1024) })).toBe(true);
    expect(ch.send({ blob: 'x'.repeat(40 * 1024) })).toBe(false);
    expect(ch.reason).toBe('slow');
    // By default a client may leave 128 KB unread.
    const d = new SseChannel({ heartbeatMs: 0 });
    let sent = 0;
    while (d.send({ blob: 'x'.repeat(1000) })) sent++;
    expect(sent).toBe(Math.floor((DEFAULT_MAX_BYTES - 13) / 1019));
  });

  it('sends heartbeat comments', async () => {
    const ch = new SseChannel({ heartbeatMs: 20 });
    const reader = ch.stream.getReader();
    await reader.read();
    const { value } = await reader.read();
    expect(value).toBe(': heartbeat\n\n');
    ch.close();
  });
});

describe('NOTIFY payloads', () => {
  it('chunks a large batch under the payload limit and reads it back in order', () => {
    const ticks = Array.from({ length: 600 }, (_, i) => ({
      coinId: `coin-number-${i}`,
      price: 1234.5678901 + i,
      change24h: i % 3 ? -1.23456789 : null,
      at: 1_790_000_000_000 + i,
      seq: 1_790_000_000_000_000 + i,
    }));
    const payloads = chunkPayloads(ticks);
    expect(payloads.length).toBeGreaterThan(5);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_PAYLOAD);
    expect(payloads.flatMap(parsePayload)).toEqual(ticks);
    expect(chunkPayloads([])).toEqual([]);
  });
});
