import { defineConfig } from 'vitest/config';
import { ProportionalSequencer } from './scripts/test-sequencer.ts';

// graphql 16 has no "exports" map: Node resolves it to the CommonJS build for the externalized
// yoga and Pothos, Vite to the ESM build for our code; one module instance is required.
const oneGraphql = { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] };

// Four projects: the server packages (unit + integration on PGlite, and on the PostgreSQL server
// when TEST_DATABASE_URL is set), the web components (jsdom), the browser tests (headless Chromium),
// and the reliability suite (issue #12: long randomized runs that report figures; `npm run
// test:reliability`, not part of `npm test`).
export default defineConfig({
  test: {
    // Most server tests wait on a database (PGlite's WASM or the PostgreSQL server), not on the CPU:
    // three files at a time keep two cores busy where the default (cores - 1 = one) left them idle
    // half the time. VITEST_MAX_WORKERS overrides it (1 to debug one file's output in order).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || 3,
    // The projects' files interleaved rather than one project after another (scripts/test-sequencer.ts).
    sequence: { sequencer: ProportionalSequencer },
    projects: [
      {
        resolve: oneGraphql,
        test: {
          name: 'server',
          include: ['{write-model,projections,api-gateway}/src/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.reliability.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // The run's id, under which the test databases' templates are shared (scripts/test-run.ts).
          globalSetup: ['./scripts/test-run.ts'],
          // A test process runs file after file without re-importing the gateway's module graph and
          // recompiling PGlite's WebAssembly for each (about a third of the project's CPU time). The
          // files share no state through modules: each makes its own databases and apps, mocks nothing
          // and sets no environment variable.
          isolate: false,
        },
      },
      {
        resolve: oneGraphql,
        test: {
          name: 'reliability',
          include: ['{write-model,projections,api-gateway}/src/**/*.reliability.test.ts'],
          environment: 'node',
          // A file repeats its scenario tens of times; the runs are counted, never timed.
          testTimeout: 3_600_000,
          hookTimeout: 300_000,
          // One file at a time: the areas start processes and load the database; sharing 2 cores
          // between them would only make each slower.
          fileParallelism: false,
          globalSetup: ['./scripts/reliability/summary.ts', './scripts/test-run.ts'],
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // The page tests wait up to 15 s for a lazy page's chunk (web/src/test/setup.ts): in CI they share
          // two cores with the server and browser tests, and a cold transform has taken over 5 s there.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['web/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // One file at a time: run beside the server and web files (tried: the sequencer spread them over
          // the run), a page under that load missed a 30 s wait in a clean-clone run. Each file's server
          // starts from this run's template (e2e/server-template.ts).
          fileParallelism: false,
          globalSetup: ['./web/e2e/server-template.ts'],
          // expect.poll waits for a condition; on a loaded shared machine a page can take seconds to
          // settle, so the wait's upper bound is generous (it returns as soon as the condition holds).
          expect: { poll: { timeout: 20_000 } },
        },
      },
    ],
  },
});
