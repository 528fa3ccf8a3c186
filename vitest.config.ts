import { defineConfig } from 'vitest/config';

// Three projects: the server packages (unit + integration on PGlite, and on the PostgreSQL server
// when TEST_DATABASE_URL is set), the web components (jsdom), and the browser tests (headless Chromium).
export default defineConfig({
  test: {
    projects: [
      {
        // graphql 16 has no "exports" map: Node resolves it to the CommonJS build for the externalized
        // yoga and Pothos, Vite to the ESM build for our code; one module instance is required.
        resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
        test: {
          name: 'server',
          include: ['{write-model,projections,api-gateway}/src/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'browser',
          include: ['web/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // expect.poll waits for a condition; on a loaded shared machine a page can take seconds to
          // settle, so the wait's upper bound is generous (it returns as soon as the condition holds).
          expect: { poll: { timeout: 20_000 } },
        },
      },
    ],
  },
});
