import { defineConfig } from 'vitest/config';

// The API suite (server/test) runs twice, once per database engine; everything else runs once.
const serverTests = ['server/test/**/*.test.ts'];

// The renderer's tests run in a simulated browser (jsdom) at this origin; the real API they talk to
// (server/test/renderer-api.ts) allows it by CORS, as a dev server on another origin would be allowed.
const rendererOrigin = 'http://localhost:3000';

// Test files of a worker share one module graph instead of importing the whole server (or renderer) again
// for each file: that import was three quarters of the suites' time (about 4x the CPU). Files still never
// share state: each starts its own server, database and DOM. A file that wraps a library with vi.mock loads
// the code under test again after vi.resetModules() (server/test/auth-lockout.test.ts).
const isolate = false;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          isolate,
          include: [
            'shared/**/*.test.ts',
            'electron/**/*.test.ts',
            'tools/**/*.test.ts',
            'scripts/**/*.test.ts',
            'server/src/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        // Hooks and components of renderer/src in jsdom with Testing Library; hooks run against a real API
        // on SQLite, started once for the project (server/test/renderer-api.ts).
        test: {
          name: 'renderer',
          isolate,
          include: ['renderer/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          environmentOptions: { jsdom: { url: rendererOrigin } },
          env: { TEST_DB: 'sqlite' },
          globalSetup: ['server/test/renderer-api.ts'],
          setupFiles: ['renderer/src/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'sqlite',
          isolate,
          include: serverTests,
          env: { TEST_DB: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'postgres',
          isolate,
          include: serverTests,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['server/test/postgres-cluster.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
