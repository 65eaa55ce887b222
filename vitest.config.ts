import { defineConfig } from 'vitest/config';

/**
 * Three tiers (ARCHITECTURE §6): unit tests beside the code; integration tests that drive the
 * server over real HTTP against real PostgreSQL; e2e suites in Debian's Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['apps/server/test/**/*.int.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // 2 cores: two forks keep PostgreSQL and the tests from starving each other.
          pool: 'forks',
          maxWorkers: 2,
          // Every file builds its own app on its own database, so the files of a fork may share one
          // module graph: importing the server once per fork instead of once per file saves minutes of CI.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
