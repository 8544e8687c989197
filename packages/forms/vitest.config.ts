import { defineConfig } from 'vitest/config';

// Generated suites run thousands of cases through both engines: 3-4 s each on a quiet machine, past vitest's
// 5 s default when CI's machine is busy. A real hang is still caught, at 60 s.
export default defineConfig({
  test: {
    name: 'forms',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
