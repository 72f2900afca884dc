import { defineConfig } from 'vitest/config';

// The API suite (server/test) runs twice, once per database engine; everything else runs once.
const serverTests = ['server/test/**/*.test.ts'];

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
