/** What other modules (and lib/) may use of auth (issue 18: a module is reached only through its index.ts). */
export { sessionRevocation } from './sessions-repository.ts';
