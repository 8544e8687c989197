import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Rendering Form.io forms and lazy screens in jsdom is slow when the machine is busy: no test
    // measures time, so the limit only catches a test that hangs.
    testTimeout: 60_000,
  },
});
