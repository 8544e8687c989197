import { defineConfig } from 'vitest/config';

// Checks of the shared test data itself (the Form.io corpus); the suites that use the data live with their code.
export default defineConfig({
  test: { name: 'test-data', include: ['**/*.test.ts'], environment: 'node' },
});
