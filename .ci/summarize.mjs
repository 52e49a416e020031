// Prints the totals of every test that ran (Vitest and Playwright JSON reports) as
// "N passed, N failed". A step that failed before its tests could run (install,
// type-check, lint, build) counts as one failure, so a broken run never reads clean;
// under CI=true so does every skipped test. Exits non-zero when anything failed.
import { existsSync, readFileSync } from 'node:fs';

const [installStatus = '0', testStatus = '0'] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

if (existsSync('reports/vitest.json')) {
  const report = JSON.parse(readFileSync('reports/vitest.json', 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A test file that fails to load has no tests but is a failure.
  failed += (report.testResults ?? []).filter(
    (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
  ).length;
}
if (existsSync('reports/playwright.json')) {
  const { stats = {} } = JSON.parse(readFileSync('reports/playwright.json', 'utf8'));
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
}
if ((installStatus !== '0' || testStatus !== '0') && failed === 0) failed = 1;

if (skipped && process.env.CI === 'true') {
  // CI runs everything (.ci/run starts PostgreSQL and Redis, installs the browser): a test
  // that did not run is one that did not pass.
  console.log(`${skipped} skipped: under CI=true a skipped test counts as failed`);
  failed += skipped;
} else if (skipped) {
  console.log(`${skipped} skipped (see the printed reasons above)`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
