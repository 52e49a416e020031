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
/** The port app.ts fills with platforms' compilers of a task's actions (see task-creation.ts). */
export type { TaskActionCompiler } from './task-creation.ts';
/**
 * The record lifecycle that the platform actions drive (platforms/actions): records move to an
 * action, start, succeed or fail there, and records of the retired record-by-record claim are
 * adopted by browser actions. Send-records imports nothing of platforms: task creation gets the
 * compiling of a task's actions from app.ts (task-creation.ts's TaskActionCompiler), so the
 * dependency between the two modules goes one way (platforms → send-records).
 */
export {
  actionOpenCounts,
  actionRecordStatusCounts,
  actionTask,
  adoptRecords,
  browserAllowanceUse,
  lockActionRecords,
  lockLegacyBrowserRecords,
  lockPendingActionRecords,
  lockRunningActionRecords,
  moveRecordsToActions,
  releaseActionRecords,
  releaseRecords,
  setRecordIdentity,
  startActionRecords,
  startRecords,
  tasksWithLegacyBrowserRecords,
} from './action-records-repository.ts';
export {
  failBlacklisted,
  failRecords,
  settleBrowserAnswers,
  succeedActionRecords,
  succeedRecords,
} from './action-records.ts';
/** What a creator did after an invitation (issue 19): the platform syncs apply it here. */
export {
  applyCreatorEvents,
  applyCreatorEventsInTransaction,
  type CreatorEvent,
} from './record-stages.ts';
/** Follow-ups for non-responders (issue 19): the job app.ts runs, and the port platforms fills. */
export {
  runFollowUps,
  type FollowUpDelivery,
  type FollowUpMessage,
  type FollowUpMessenger,
} from './follow-ups.ts';
/** What the conversations module reads of records (issue 19): their conversation, collaborations. */
export {
  awaitsFirstReply,
  collaborationsOfTalent,
  creatorHasRecords,
  talentOfConversation,
} from './conversation-records-repository.ts';
export { findRecord } from './repository.ts';
export { invitationOfOrder } from './record-stages-repository.ts';
