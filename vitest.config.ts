import { defineConfig } from 'vitest/config';

// One runner for every workspace; each project has its own config beside its code.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/forms', 'apps/web', 'apps/api', 'test-data'],
  },
});
