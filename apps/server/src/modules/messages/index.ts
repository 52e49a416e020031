/** What other modules may use of the messages module (issue 18: a module is reached only through its index.ts). */
export { postMessage, settleMessages } from './post.ts';
