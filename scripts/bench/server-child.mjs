// The server process of the benchmarks: the real built app, announcing READY on stdout. It also
// measures itself over the IPC channel lib.mjs opens, so the product needs no hook: event-loop
// delay (perf_hooks.monitorEventLoopDelay) and memory (process.memoryUsage()).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startServer, stopServer } from '../../src/server/http/node/server.mjs';

// The histogram records the interval between two firings of a RESOLUTION ms timer, so an idle
// loop reads RESOLUTION; like Fastify's under-pressure we report it minus RESOLUTION: how late
// the timer fired, i.e. how long something held the loop. A small resolution sees short stalls
// (a stall can hide up to RESOLUTION ms of itself); 2 ms costs nothing measurable.
const RESOLUTION = 2;
const eventLoop = monitorEventLoopDelay({ resolution: RESOLUTION });
eventLoop.enable();

const server = await startServer({ port: Number(process.env.PORT), host: '127.0.0.1', log: () => {} });
process.stdout.write('READY\n');

const late = (ns) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION) * 100) / 100);
process.on('message', (msg) => {
  if (msg?.type !== 'stats') return;
  const mem = process.memoryUsage();
  process.send?.({
    id: msg.id,
    eventLoop: {
      p50: late(eventLoop.percentile(50)),
      p99: late(eventLoop.percentile(99)),
      max: late(eventLoop.max),
      mean: late(eventLoop.mean),
      samples: eventLoop.count,
    },
    rss: mem.rss,
    heapUsed: mem.heapUsed,
    heapTotal: mem.heapTotal,
    external: mem.external,
  });
  if (msg.reset) eventLoop.reset();
});

process.on('SIGTERM', async () => {
  await stopServer(server).catch(() => {});
  process.exit(0);
});
