/**
 * How `npm start` runs the server (`node <serverNodeArgs> src/main.ts`), for every test and
 * benchmark that starts it as a real process. A test holds the start script to it.
 *
 * The heap limit keeps the process small: without one, V8 on a large machine lets garbage
 * pile up to hundreds of megabytes before collecting it (an export of 100,000 rows reached
 * 368 MB RSS; with the limit, 220 MB). 512 MB leaves imports of the largest file ample room.
 */
export const SERVER_HEAP_MB = 512;

export const serverNodeArgs = [`--max-old-space-size=${SERVER_HEAP_MB}`, '--import', 'tsx'];
