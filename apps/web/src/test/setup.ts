import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait for the thing itself; on a busy machine a lazy screen can take several seconds
// to appear, and the library's default of 1 s failed tests that were right.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
});
