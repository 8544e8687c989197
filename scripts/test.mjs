// The whole test suite, in the order that fails fastest: static checks, unit tests, the API suite on
// embedded PGlite and on the PostgreSQL server, then the browser journeys against the built app.
import { spawnSync } from 'node:child_process';

const steps = [
  ['lint', 'npm run lint'],
  ['typecheck', 'npm run typecheck'],
  ['unit (domain, forms, web, test data)', 'npm run test:unit'],
  ['API on PGlite', 'npm run test:api'],
  ['API on PostgreSQL', 'npm run test:api:postgres'],
  ['build web app', 'npm run build'],
  ['browser journeys (Playwright + axe)', 'npm run test:e2e'],
  // The Dockerfile's steps without Docker (no engine here or in CI; decision 0033): two installs in clean
  // folders and a build, then the runtime started in production mode and checked. Longer than a test
  // should be on purpose: it is the only proof the image's steps work. 867 s at load 20, a few minutes quiet.
  ['image steps (the Dockerfile without Docker)', 'npm run test:image'],
];

const only = process.argv.slice(2);
for (const [name, command] of steps) {
  if (only.length > 0 && !only.some((o) => name.toLowerCase().includes(o.toLowerCase()))) continue;
  console.log(`\n=== ${name}: ${command}`);
  const started = Date.now();
  const result = spawnSync(command, { stdio: 'inherit', shell: true });
  console.log(
    `=== ${name}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
