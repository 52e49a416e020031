import { defineProject } from 'vitest/config';

// API tests run the real app (inject) on real databases: PGlite always, and
// PostgreSQL and Redis when the global setup finds them.
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Deadlines a busy 2-core machine meets (CI beside other jobs makes everything up to
    // ten times slower); waits inside tests are for conditions, and tests that need more
    // (fault injection, fuzzing) say so.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
