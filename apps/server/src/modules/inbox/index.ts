/** What other modules may use of the inbox (issue 18: a module is reached only through its index.ts). */
export { postInboxMessage } from './post.ts';
