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
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Page tests render real Arco pages in jsdom: about a second each alone, several times
    // that on a busy 2-core machine (CI beside other jobs). Vitest's 5 s default failed
    // there; the waits inside each test are for conditions (src/test/setup.ts).
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
