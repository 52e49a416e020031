/**
 * Prints the server's Node arguments for this environment (src/node-args.ts), for the start
 * script: `node $(node --import tsx scripts/print-node-args.ts) dist/main.js`.
 */
import { serverNodeArgs } from '../src/node-args.ts';

console.log(serverNodeArgs(process.env).join(' '));
