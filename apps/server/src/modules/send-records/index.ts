/** What other modules may use of send records (issue 18: a module is reached only through its index.ts). */
export { dailyAllowance } from './daily-allowance.ts';
export {
  countsByStatus,
  finishedOn,
  hasCreatedRecords,
  lastInvitedSince,
  type SendRecordRow,
} from './repository.ts';
export { lockTaskRow } from './repository.ts';
/**
 * The record lifecycle that the platform actions drive (platforms/actions): records move to an
 * action, start, succeed or fail there. Task creation compiles a task's actions through
 * platforms/index.ts; this file does not export task creation, so the two modules meet without a
 * cycle (send-records/task-creation → platforms → send-records/index → action-records).
 */
export {
  actionOpenCounts,
  actionRecordStatusCounts,
  actionTask,
  browserAllowanceUse,
  failBlacklisted,
  failRecords,
  lockActionRecords,
  lockPendingActionRecords,
  lockRunningActionRecords,
  markRecordsSent,
  moveRecordsToActions,
  releaseActionRecords,
  releaseRecords,
  setRecordIdentity,
  startActionRecords,
  startRecords,
  succeedActionRecords,
  succeedRecords,
} from './action-records.ts';
