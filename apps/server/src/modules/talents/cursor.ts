import type { TalentSortField } from '@inviteflow/contract';

export type { Position, SortOrder } from '../../lib/keyset.ts';

/** Talent sorts whose values are times (their cursors carry UTC text). */
export const timeSorts: ReadonlySet<TalentSortField> = new Set([
  'addedAt',
  'createdAt',
  'updatedAt',
]);
