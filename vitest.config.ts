import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/cluster/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['tests/setup/template.ts'],
    // Tests never reach the real market sources: the default LIVE=auto would try them.
    env: { LIVE: process.env.LIVE ?? 'sim' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
