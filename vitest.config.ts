import { defineConfig } from 'vitest/config';

// The API suite (server/test) runs twice, once per database engine; everything else runs once.
const serverTests = ['server/test/**/*.test.ts'];

// The renderer's tests run in a simulated browser (jsdom) at this origin; the real API they talk to
// (server/test/renderer-api.ts) allows it by CORS, as a dev server on another origin would be allowed.
const rendererOrigin = 'http://localhost:3000';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
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
          include: serverTests,
          env: { TEST_DB: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'postgres',
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
