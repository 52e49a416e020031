/**
 * Builds the server to plain JavaScript (dist/main.js; see build-server.ts).
 *
 *   node --import tsx scripts/build.ts               always builds (`npm run build`)
 *   node --import tsx scripts/build.ts --if-changed  builds only when a file the last build read
 *                                                    changed since (`npm start`)
 */
import { buildServer, staleReason } from './build-server.ts';

const reason = staleReason();
if (process.argv.includes('--if-changed') && reason === null) {
  console.log(
    'Server: sources unchanged since the last build; not rebuilding (npm run build does).',
  );
} else {
  if (reason !== null) console.log(`Server: building (${reason}).`);
  await buildServer();
}
