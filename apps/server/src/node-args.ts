/**
 * How `npm start` runs the server (`node <serverNodeArgs> dist/main.js`, the build of
 * src/main.ts: scripts/build-server.ts), for every test and benchmark that starts it as a real
 * process. The start script asks `scripts/print-node-args.ts` for them (they depend on the
 * database, below), and a test holds the script to it.
 *
 * Source maps: stack traces in the log name the TypeScript file and line, not the bundle's.
 *
 * The heap limit keeps the process small: without one, V8 on a large machine lets garbage
 * pile up to hundreds of megabytes before collecting it (an export of 100,000 rows reached
 * 368 MB RSS; with the limit, 220 MB). 512 MB leaves imports of the largest file ample room.
 *
 * The young generation depends on the database (`DATABASE_URL`, as the configuration decides):
 * - The embedded default (PGlite) holds it to 1 MB semi-spaces: a laptop's one seller makes
 *   little garbage, and V8's 16 MB spaces stayed resident: idle RSS after a restart 242 MB
 *   with 1 MB, 261 MB with 4 MB, 282 MB with 16 MB (`npm run bench -- memory`, issue 20's
 *   budget is 250 MB; docs/performance.md "Memory").
 * - On PostgreSQL (production) it keeps V8's own 16 MB: under load a request's few megabytes
 *   of garbage went through many scavenges in 1 MB spaces and were promoted; the server spent
 *   a fifth of its time in the collector, its event loop lagged and the pool's sessions waited
 *   idle in their transactions. The mixed-workload bench went from 102–153 req/s (p50 of the
 *   talent list 1 s) to 188–206 req/s (p50 25–70 ms) on the same machine, and the workplace
 *   funnel's p95 from 76–110 ms to 37–57 ms (docs/performance.md).
 */
const SERVER_HEAP_MB = 512;
const SEMI_SPACE_MB = { pglite: 1, postgres: 16 } as const;

export function serverNodeArgs(env: Record<string, string | undefined>): string[] {
  const database = env.DATABASE_URL ? 'postgres' : 'pglite';
  return [
    '--enable-source-maps',
    `--max-old-space-size=${SERVER_HEAP_MB}`,
    `--max-semi-space-size=${SEMI_SPACE_MB[database]}`,
  ];
}

/** The built server, relative to apps/server. */
export const SERVER_ENTRY = 'dist/main.js';
