/** What other modules may use of the blacklist (issue 18: a module is reached only through its index.ts). */
export {
  addToBlacklist,
  blacklistedIds,
  lockBlacklistDecisions,
  refuseStatusChange,
  statusAfterBlacklist,
  statusForSave,
} from './service.ts';
