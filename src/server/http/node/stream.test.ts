import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { guardStream, MAX_STREAM_BACKLOG } from './answers.mjs';

describe('guardStream', () => {
  it('drops an event-stream client that stops reading once its backlog passes the bound', async () => {
    let destroyedAfter = -1;
    const server = http.createServer((_req, res) => {
      guardStream(res);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = `data: ${'x'.repeat(16_000)}\n\n`;
      let written = 0;
      const pump = () => {
        for (let i = 0; i < 50 && !res.destroyed; i++) {
          res.write(chunk);
          written += chunk.length;
        }
        if (res.destroyed) destroyedAfter = written;
        else if (written < 50 * MAX_STREAM_BACKLOG) setImmediate(pump);
      };
      pump();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    // A client that reads the headers, then nothing more.
    const req = http.get(`http://127.0.0.1:${port}/`, (res) => res.pause());
    req.on('error', () => {});
    await expect.poll(() => destroyedAfter, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(destroyedAfter).toBeLessThan(20 * MAX_STREAM_BACKLOG);
    req.destroy();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
});
