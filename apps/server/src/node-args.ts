/**
 * How `npm start` runs the server (`node <serverNodeArgs> dist/main.js`, the build of
 * src/main.ts: scripts/build-server.ts), for every test and benchmark that starts it as a real
 * process. A test holds the start script to it.
 *
 * Source maps: stack traces in the log name the TypeScript file and line, not the bundle's.
 *
 * The heap limit keeps the process small: without one, V8 on a large machine lets garbage
 * pile up to hundreds of megabytes before collecting it (an export of 100,000 rows reached
 * 368 MB RSS; with the limit, 220 MB). 512 MB leaves imports of the largest file ample room.
 *
 * The young generation is held to 1 MB semi-spaces (V8's default grows them to 16 MB each):
 * a request's garbage is short-lived and small, and the larger spaces stayed resident. On
 * the embedded default this took idle RSS after a restart from 343 to 286 MB
 * (`npm run bench -- memory`, docs/performance.md "Memory").
 */
const SERVER_HEAP_MB = 512;
const SERVER_SEMI_SPACE_MB = 1;

export const serverNodeArgs = [
  '--enable-source-maps',
  `--max-old-space-size=${SERVER_HEAP_MB}`,
  `--max-semi-space-size=${SERVER_SEMI_SPACE_MB}`,
];

/** The built server, relative to apps/server. */
export const SERVER_ENTRY = 'dist/main.js';
