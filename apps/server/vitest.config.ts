import { defineProject } from 'vitest/config';

// API tests run the real app (inject) on real databases: PGlite always, and
// PostgreSQL and Redis when the global setup finds them.
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
