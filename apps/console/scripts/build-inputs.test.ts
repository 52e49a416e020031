import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  inputsHash,
  readStamp,
  removeStamp,
  repoRoot,
  staleReason,
  writeStamp,
} from './build-inputs.ts';

let root: string;

function write(relative: string, content: string) {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'console-inputs-'));
  write('apps/console/src/main.tsx', 'render()');
  write('apps/console/src/features/talents/list.tsx', 'list()');
  write('apps/console/index.html', '<div id="root"></div>');
  write('apps/console/vite.config.ts', 'export default {}');
  write('apps/console/package.json', '{}');
  write('packages/contract/src/index.ts', 'export const a = 1');
  write('package-lock.json', '{"lockfileVersion":3}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the console build inputs', () => {
  const env = { VITE_EXTENSION_ID: 'abc', PATH: '/bin' };

  it('hash the same while nothing the build reads changes', () => {
    const before = inputsHash(env, root);
    // The build's own output, the server and other variables are not inputs.
    write('apps/console/dist/index.html', 'built');
    write('apps/server/src/main.ts', 'serve()');
    expect(inputsHash({ ...env, PATH: '/usr/bin', LOG_LEVEL: 'debug' }, root)).toBe(before);
  });

  it.each([
    ['a source file changes', () => write('apps/console/src/features/talents/list.tsx', 'x')],
    ['a source file is added', () => write('apps/console/src/new.ts', '')],
    ['index.html changes', () => write('apps/console/index.html', '<main></main>')],
    ['the Vite config changes', () => write('apps/console/vite.config.ts', 'export default 1')],
    ['a static file is added', () => write('apps/console/public/robots.txt', '')],
    ['an .env file of the console appears', () => write('apps/console/.env.local', 'VITE_X=1')],
    ['the contract changes', () => write('packages/contract/src/index.ts', 'export const a = 2')],
    ['the lockfile changes', () => write('package-lock.json', '{"lockfileVersion":4}')],
  ])('change when %s', (_what, change) => {
    const before = inputsHash(env, root);
    change();
    expect(inputsHash(env, root)).not.toBe(before);
  });

  it('change with a build-time setting (VITE_*)', () => {
    expect(inputsHash({ ...env, VITE_EXTENSION_ID: 'other' }, root)).not.toBe(
      inputsHash(env, root),
    );
    expect(inputsHash({ ...env, VITE_FAQ_URL: '/faq' }, root)).not.toBe(inputsHash(env, root));
  });

  it('reuse a build only when its page exists and its stamp names the same inputs', () => {
    const outDir = path.join(root, 'apps/console/dist');
    const inputs = inputsHash(env, root);
    expect(staleReason(outDir, inputs)).toBe('no build yet');
    write('apps/console/dist/index.html', 'built');
    expect(staleReason(outDir, inputs)).toMatch(/no stamp/);
    writeStamp(outDir, inputs, new Date('2026-11-25T10:00:00Z'));
    expect(readStamp(outDir)).toEqual({ inputs, builtAt: '2026-11-25T10:00:00.000Z' });
    expect(staleReason(outDir, inputs)).toBeNull();

    write('apps/console/src/main.tsx', 'render(changed)');
    expect(staleReason(outDir, inputsHash(env, root))).toBe('sources changed since the last build');

    removeStamp(outDir);
    expect(staleReason(outDir, inputs)).toMatch(/no stamp/);
    rmSync(path.join(outDir, 'index.html'));
    writeStamp(outDir, inputs);
    expect(staleReason(outDir, inputs)).toBe('no build yet');
  });
});

describe('the scripts', () => {
  const scripts = (file: string) =>
    (
      JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;

  it('npm start builds only when the inputs changed; npm run build always builds', () => {
    expect(scripts('package.json').start).toMatch(
      /^node --import tsx apps\/console\/scripts\/build\.ts --if-changed && /,
    );
    // The root build makes the server's too (apps/server/scripts/build.ts, checked by its tests).
    expect(scripts('package.json').build).toBe(
      'npm run build -w @inviteflow/console && npm run build -w @inviteflow/server',
    );
    expect(scripts('apps/console/package.json').build).toBe('node --import tsx scripts/build.ts');
  });
});
