import { defineConfig, devices } from '@playwright/test';

/** Debian's Chromium (browser downloads are blocked here: never `playwright install`). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const isCI = process.env.CI === 'true';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results/e2e',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  // The machine has 2 cores and runs the server too.
  workers: isCI ? 1 : 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [[isCI ? 'line' : 'list'], ['./summary-reporter.ts']],
  use: {
    // Set by global-setup.ts (or by you, to test an app already running).
    baseURL: process.env.E2E_BASE_URL,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath,
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});
