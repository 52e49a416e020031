/**
 * Builds the console (Vite) and stamps the build with the hash of its inputs.
 *
 *   node --import tsx scripts/build.ts               always builds (`npm run build`)
 *   node --import tsx scripts/build.ts --if-changed  builds only when the inputs changed
 *                                                    since the last successful build (`npm start`)
 */
import path from 'node:path';
import { consoleRoot, inputsHash, removeStamp, staleReason, writeStamp } from './build-inputs.ts';

const outDir = path.join(consoleRoot, 'dist');
const ifChanged = process.argv.includes('--if-changed');

const inputs = inputsHash();
const reason = staleReason(outDir, inputs);
if (ifChanged && reason === null) {
  console.log(
    'Console: sources unchanged since the last build; not rebuilding (npm run build does).',
  );
} else {
  if (ifChanged) console.log(`Console: building (${reason}).`);
  // Gone until this build succeeds: an interrupted build is never taken for a current one.
  removeStamp(outDir);
  // Vite is loaded only to build: the check alone stays quick.
  const { build } = await import('vite');
  await build({ root: consoleRoot, configFile: path.join(consoleRoot, 'vite.config.ts') });
  writeStamp(outDir, inputs);
}
