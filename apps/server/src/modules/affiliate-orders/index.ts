/** What other modules may use of affiliate orders (issue 18: a module is reached only through its index.ts). */
/** The GMV per task the workplace funnel shows (issue 19). */
export { gmvByTask, type TaskGmv } from './gmv-repository.ts';
