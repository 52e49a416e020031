/** What other modules may use of talents (issue 18: a module is reached only through its index.ts). */
export {
  columnHeader,
  enumFromText,
  fileColumns,
  textFromCell,
  timeText,
  type ColumnKey,
} from './file-cells.ts';
export { isBlank, mapHeader } from './import-service.ts';
export { importTemplate } from './import-template.ts';
export {
  countTalents,
  findByOpenIds,
  findByPlatformIds,
  rememberCreatorOpenId,
  setPlatformFigures,
  talentIdentitiesByCreatorIds,
  talentIdentitiesByIds,
  talentIdentitiesMatching,
  talentsByStatus,
  type TalentIdentityRow,
} from './repository.ts';
export { blacklistedIds, lockBlacklistDecisions } from './blacklist-service.ts';
export { createTalent } from './service.ts';
export { moveTalentsOnStages } from './stage-moves.ts';
