import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/cluster/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['tests/setup/template.ts'],
    // Tests never reach the real market sources: the default LIVE=auto would try them.
    // Nor the content sources: tests that need them point CONTENT_SOURCES at a local fake.
    env: { LIVE: process.env.LIVE ?? 'sim', CONTENT: process.env.CONTENT ?? 'off' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
