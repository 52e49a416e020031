import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'console',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Page tests render real Arco pages in jsdom (React in development mode): 0.5 to 4 s
    // each alone, and ten times that on a 2-core machine running other jobs (the heaviest
    // took 36 s under a load average of 15). Vitest's 5 s default, and the 30 s some suites
    // had set, failed there. One budget for all, a deadline only: the waits inside a test
    // are for conditions, and a broken page fails its findBy long before (src/test/setup.ts).
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
