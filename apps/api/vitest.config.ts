import { defineConfig } from 'vitest/config';

// The API suite runs on the engine TEST_DB names: 'pglite' (embedded, the default) or 'postgres'
// (the server at TEST_DATABASE_URL). `npm test` runs it on both.
const engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export default defineConfig({
  test: {
    name: `api-${engine}`,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The fault test owns a PostgreSQL cluster (it restarts it) and `*.postgres.test.ts` test what
    // only PostgreSQL has: they run with the PostgreSQL project.
    exclude: engine === 'postgres' ? [] : ['test/fault/**', '**/*.postgres.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database; two workers keep memory and the 2 cores busy without thrashing.
    maxWorkers: 2,
  },
});
