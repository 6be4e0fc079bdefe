// npm run bench: every benchmark in turn, each in its own process, each writing its results
// (JSON + Markdown) under bench/results/. `npm run bench -- pages scale` runs only those.
// A full run takes about 23 minutes on the 2-core machine; the knobs are in docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureBuild } from '../ensure-build.mjs';

const dir = path.dirname(new URL(import.meta.url).pathname);
/** In this order: the short page checks first, the long scale runs last. */
const ALL = ['pages', 'runtime', 'ingest', 'jsbudget', 'lighthouse', 'sse', 'load', 'shed', 'scale'];
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !ALL.includes(name));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Choose from: ${ALL.join(', ')}.`);
  process.exit(2);
}
// Build once here rather than inside the first benchmark's timing.
ensureBuild();
const started = Date.now();
const failed = [];
for (const name of asked.length ? asked : ALL) {
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(process.execPath, [path.join(dir, `${name}.mjs`)], { stdio: 'inherit' });
  console.log(`=== ${name}: ${r.status === 0 ? 'done' : 'FAILED'} in ${Math.round((Date.now() - t0) / 1000)} s ===`);
  if (r.status !== 0) failed.push(name);
}
console.log(
  `\nAll benchmarks: ${Math.round((Date.now() - started) / 60_000)} min${failed.length ? `; failed: ${failed.join(', ')}` : ''}.`,
);
process.exit(failed.length ? 1 : 0);
