import { defineConfig } from 'vitest/config';

// Unit and API tests of every workspace in one run; each project has its own config.
// The JSON report feeds the pass/fail totals that .ci/run prints.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/console', 'apps/extension'],
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
  },
});
