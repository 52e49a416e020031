/** What other modules may use of send records (issue 18: a module is reached only through its index.ts). */
export { dailyAllowance } from './daily-allowance.ts';
export { countsByStatus, finishedOn, hasCreatedRecords } from './repository.ts';
