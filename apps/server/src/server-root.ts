import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's folder (apps/server), where the files it reads at run time live beside its
 * code: `drizzle/` (the migrations) and, two levels up, the console's build.
 *
 * Found by walking up to the server's package.json rather than by a fixed `../..`: this module
 * runs as src/server-root.ts under tsx (tests, tools, `npm run dev`) and inside
 * dist/main.js when built (`npm start`), where every bundled module shares the bundle's URL.
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@inviteflow/server') return dir;
    }
    if (path.dirname(dir) === dir) {
      throw new Error(`apps/server/package.json not found above ${from}`);
    }
  }
}

export const serverRoot = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));
/** The repository, whose root `npm start` runs from. */
export const repoRoot = path.resolve(serverRoot, '../..');
/** The committed migrations (drizzle-kit generate). */
export const migrationsFolder = path.join(serverRoot, 'drizzle');
