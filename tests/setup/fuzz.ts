/**
 * How the fuzz suites (tests/api/fuzz.test.ts, tests/e2e/fuzz-pages.spec.ts) run their property:
 * with a seed that is printed before the run, replaying first every counterexample a past run
 * found (the suite's `PAST_FAILURES`), and failing with the seed, the path and what to do next.
 * A failure is never retried with another seed (the page suite opts out of Playwright's CI
 * retries): it would pass and hide the bug, as it once hid `GET /coin//` answered without
 * security headers.
 */
import fc from 'fast-check';

/** FUZZ_SEED to replay a run, else a fresh 32-bit seed. */
export function fuzzSeed(): number {
  return process.env.FUZZ_SEED
    ? Number(process.env.FUZZ_SEED)
    : (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) | 0;
}

/**
 * `fc.assert` with the past counterexamples first and a failure that says how to replay it.
 * @example await assertFuzz('page fuzz', property, { numRuns: 300, seed: fuzzSeed(), examples: PAST_FAILURES })
 */
export async function assertFuzz<Ts extends [unknown, ...unknown[]]>(
  suite: string,
  property: fc.IAsyncProperty<Ts>,
  params: { numRuns: number; seed: number; examples: Ts[] },
): Promise<void> {
  console.log(
    `${suite}: seed ${params.seed}, ${params.examples.length} past counterexamples first, then ${params.numRuns} cases (replay a run with FUZZ_SEED=${params.seed})`,
  );
  const details = await fc.check(property, { ...params });
  if (!details.failed) return;
  const shown = details.counterexample ? fc.stringify(details.counterexample) : '(none: the run was interrupted)';
  throw new Error(
    `${suite} failed with seed ${details.seed}, path "${details.counterexamplePath}" (replay: FUZZ_SEED=${details.seed}).\n` +
      `Counterexample: ${shown}\n` +
      `Fix the bug, and add this counterexample to the suite's PAST_FAILURES so every run replays it.\n` +
      `${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}`,
  );
}
