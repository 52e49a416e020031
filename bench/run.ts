/**
 * npm run bench [-- part ...]   parts: bundle, page-load, api, imports, memory, platforms, funnel,
 *                                sync, talents
 *                                (default: all)
 *
 * Every performance budget of the product, each printing its figures; exits
 * non-zero when any budget is broken. The console is built first.
 */
import { spawnSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { benchApi } from './api.ts';
import { benchBundle } from './bundle.ts';
import { benchFunnel } from './funnel.ts';
import { benchImports } from './imports.ts';
import { benchMemory } from './memory.ts';
import { benchPageLoad } from './page-load.ts';
import { benchPlatforms } from './platforms.ts';
import { benchSync } from './sync.ts';
import { repoRoot } from './support/product.ts';

const out = (line = '') => process.stdout.write(`${line}\n`);
const parts = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const wanted = (part: string) => parts.length === 0 || parts.includes(part);

function npm(args: string[]) {
  const result = spawnSync('npm', args, { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed`);
  return result.status;
}

async function main() {
  out('# InviteFlow performance budgets');
  out(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB RAM, Node ${process.version}, ${new Date().toISOString()}\n`,
  );
  let broken = 0;
  if (wanted('bundle') || wanted('page-load') || wanted('memory'))
    npm(['run', 'build', '--silent']);
  if (wanted('bundle')) broken += await benchBundle(out);
  if (wanted('page-load')) broken += await benchPageLoad(out);
  if (wanted('api')) broken += await benchApi(out);
  if (wanted('imports')) broken += await benchImports(out);
  if (wanted('memory')) broken += await benchMemory(out);
  if (wanted('platforms')) broken += await benchPlatforms(out);
  if (wanted('funnel')) broken += await benchFunnel(out);
  if (wanted('sync')) broken += await benchSync(out);
  if (wanted('talents')) {
    out('\n## Talent library (npm run bench:talents)\n');
    const status = spawnSync('npm', ['run', 'bench:talents', '--silent'], {
      cwd: repoRoot,
      stdio: 'inherit',
    }).status;
    if (status !== 0) broken++;
  }
  out(`\n${broken === 0 ? 'Every budget held.' : `${broken} budget(s) broken.`}`);
  if (broken) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
