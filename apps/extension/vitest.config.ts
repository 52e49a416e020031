import { defineProject } from 'vitest/config';

// Unit tests with a fake browser (test/fake-browser.ts), reset before each test; jsdom for
// the page flows and the popup.
export default defineProject({
  define: {
    __INVITEFLOW_BUILD__: JSON.stringify({
      consoleOrigins: ['http://127.0.0.1:3000', 'https://console.example.com'],
      version: '0.0.0-test',
    }),
  },
  test: {
    name: 'extension',
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['./test/setup.ts'],
    // jsdom pages are cheap here, but a busy 2-core machine (CI beside other jobs) makes
    // anything several times slower than Vitest's 5 s default assumes.
    testTimeout: 30_000,
  },
});
