// `redocly lint` (the recommended rules, redocly.yaml) of the document /api/openapi.json serves:
// no error and no warning. Offline: telemetry off, and nothing in the lint needs the network.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { API_VERSION, createApi } from './app.ts';
import { openApiDocument } from './openapi.ts';

const root = path.resolve(import.meta.dirname, '../../..');

interface Problem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer: string }[];
}

describe('the OpenAPI document', () => {
  it('passes redocly lint without an error or a warning', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlens-openapi-'));
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(openApiDocument(createApi(), { version: API_VERSION }), null, 2));
    try {
      const cli = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');
      // It exits 1 when it finds an error; the report on stdout says what either way.
      const run = await promisify(execFile)(
        process.execPath,
        [cli, 'lint', '--config', path.join(root, 'redocly.yaml'), '--format=json', file],
        {
          cwd: dir,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
          maxBuffer: 64 * 1024 * 1024,
        },
      ).catch((e: { stdout?: string; stderr?: string }) => ({ stdout: e.stdout ?? '', stderr: e.stderr ?? '' }));
      const report = JSON.parse(run.stdout) as { totals: { errors: number; warnings: number }; problems: Problem[] };
      const problems = report.problems.map(
        (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`,
      );
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
