import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (pure code, contracts and server), `web` (React components in jsdom) and
 * `integration` (HTTP against a real PostgreSQL: embedded by default, or TEST_DATABASE_URL).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          // the xlsx reader's limit tests take about 1 s here; a busy CI machine must not turn them into failures
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          // antd in jsdom takes up to 2.5 s a test here and more on a busy CI machine: 5 s (the default) is too near
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
