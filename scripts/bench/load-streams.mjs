// The server-sent-events clients of the load benchmark (load.mjs), in a worker thread so their
// bursts of events do not delay the generator's timers: this module is the worker's entry too.
import http from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { percentile } from './load-drive.mjs';

// ---------------------------------------------------------------------------------------------
// The streams, in a worker thread.

/** Worker: opens the clients, counts events, answers 'count' and 'stop' with its tallies. */
function streamWorker() {
  const { urls } = workerData;
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const sink = { connected: 0, failed: 0, ended: 0, snapshots: 0, ticks: 0, bad: 0, latencies: [], counting: false };
  const reqs = [];
  const open = (url) =>
    new Promise((resolve) => {
      const req = http.get(url, { agent, headers: { accept: 'text/event-stream' } }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          sink.failed++;
          return resolve();
        }
        sink.connected++;
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk) => {
          const now = Date.now();
          buffer += chunk;
          let cut;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const line = buffer
              .slice(0, cut)
              .split('\n')
              .find((l) => l.startsWith('data: '));
            buffer = buffer.slice(cut + 2);
            if (!line) continue;
            let msg;
            try {
              msg = JSON.parse(line.slice(6));
            } catch {
              sink.bad++;
              continue;
            }
            if (msg.type === 'snapshot') sink.snapshots++;
            if (msg.type !== 'tick' || !sink.counting) continue;
            sink.ticks++;
            sink.latencies.push(now - Math.max(...msg.ticks.map((x) => x.at)));
          }
        });
        res.on('end', () => sink.ended++);
        res.on('error', () => {});
        resolve();
      });
      req.on('error', () => {
        sink.failed++;
        resolve();
      });
      reqs.push(req);
    });
  const tally = () => {
    const sorted = sink.latencies.sort((a, b) => a - b);
    return {
      connected: sink.connected,
      failed: sink.failed,
      ended: sink.ended,
      open: sink.connected - sink.ended,
      snapshots: sink.snapshots,
      ticks: sink.ticks,
      bad: sink.bad,
      tickP50: percentile(sorted, 50),
      tickP99: percentile(sorted, 99),
    };
  };
  parentPort.on('message', async (msg) => {
    if (msg === 'open') {
      const started = Date.now();
      // Batches of 50: a burst of 1,000 SYNs would overflow the listen backlog.
      for (let i = 0; i < urls.length; i += 50) await Promise.all(urls.slice(i, i + 50).map(open));
      parentPort.postMessage({ type: 'opened', connectMs: Date.now() - started, ...tally() });
    } else if (msg === 'count') {
      sink.counting = true;
    } else if (msg === 'stop') {
      sink.counting = false;
      // Still connected means the stream has not ended by the end of the loaded phase.
      const result = tally();
      for (const req of reqs) req.destroy();
      parentPort.postMessage({ type: 'stopped', ...result });
    }
  });
}

export function startStreams(urls) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { urls } });
  const next = (type) => new Promise((resolve) => worker.on('message', (m) => m.type === type && resolve(m)));
  return {
    open: () => {
      const p = next('opened');
      worker.postMessage('open');
      return p;
    },
    count: () => worker.postMessage('count'),
    stop: async () => {
      const p = next('stopped');
      worker.postMessage('stop');
      const result = await p;
      await worker.terminate();
      return result;
    },
  };
}

if (!isMainThread) streamWorker();
