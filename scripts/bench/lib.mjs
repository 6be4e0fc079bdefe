// Shared pieces of the benchmarks: a Coinlens server in a child process, autocannon runs,
// and writing results as JSON plus a Markdown table under bench/results/.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/**
 * Starts the built server in its own process (so the load generator does not share its event
 * loop) and resolves once it answers /api/health. `env` is added to the child's environment.
 */
export async function startChild({ port, dataDir, env = {} }) {
  const child = spawn(process.execPath, [path.join(root, 'scripts/bench/server-child.mjs')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('READY')) resolve(undefined);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before it was ready`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve(undefined));
        child.kill('SIGTERM');
      }),
  };
}

/** One autocannon run; returns requests/s and latency percentiles in ms. */
export async function load(url, { duration = 10, connections = 10 } = {}) {
  const result = await autocannon({ url, duration, connections, pipelining: 1 });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx responses`);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP97_5Ms: result.latency.p97_5,
    latencyP99Ms: result.latency.p99,
    errors: result.errors,
  };
}

/** Writes `<name>.json` and `<name>.md` into bench/results and prints the table. */
export function writeResults(name, meta, header, rows) {
  const dir = path.join(root, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify({ ...meta, rows }, null, 2) + '\n');
  const md = [
    `# ${meta.title}`,
    '',
    `Run ${meta.at} on Node ${process.version}, ${meta.machine}.`,
    '',
    meta.note ?? '',
    '',
    `| ${header.map((h) => h.label).join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${header.map((h) => r[h.key]).join(' | ')} |`),
    '',
  ].join('\n');
  fs.writeFileSync(path.join(dir, `${name}.md`), md);
  console.log(`\n${md}`);
}
