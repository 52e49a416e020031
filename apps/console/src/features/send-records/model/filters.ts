import {
  KEYWORD_MAX,
  contentTypes,
  filterTypes,
  recordStages,
  sendRecordStatuses,
  taskTypes,
  type ContentType,
  type FilterType,
  type RecordStage,
  type SendRecordStatus,
  type TaskType,
} from '@inviteflow/contract';
import type { FilterCodec } from '@/components/crud/list-params.ts';
import { dayEnd, dayOf, dayStart } from '@/lib/day-range.ts';
import type { RecordFilters } from '../api/get-send-records.ts';

/** What the search form holds. Dates are the picker's day strings (YYYY-MM-DD). */
export interface SendFilterValues {
  talentName?: string;
  shopId?: number;
  taskType?: TaskType;
  contentType?: ContentType;
  filterType?: FilterType;
  created?: [string, string];
  status?: SendRecordStatus;
  /** Records that reached this stage. */
  stage?: RecordStage;
}

/** The form's values as the list's filters: empty fields left out, days as whole days. */
export function buildFilters(values: SendFilterValues): RecordFilters {
  const filters: RecordFilters = {};
  const name = values.talentName?.trim();
  if (name) filters.talentName = name;
  if (values.shopId !== undefined) filters.shopId = values.shopId;
  if (values.taskType) filters.taskType = values.taskType;
  if (values.contentType) filters.contentType = values.contentType;
  if (values.filterType) filters.filterType = values.filterType;
  if (values.status) filters.status = values.status;
  if (values.stage) filters.stage = values.stage;
  if (values.created?.[0] && values.created[1]) {
    filters.createdFrom = dayStart(values.created[0]);
    filters.createdTo = dayEnd(values.created[1]);
  }
  return filters;
}

/** The form's values for applied filters: the inverse of `buildFilters`. */
export function filterValuesOf(filters: RecordFilters): SendFilterValues {
  const { createdFrom, createdTo, taskId: _taskId, ...rest } = filters;
  return {
    ...rest,
    ...(createdFrom && createdTo ? { created: [dayOf(createdFrom), dayOf(createdTo)] } : {}),
  };
}

/**
 * The filters in the send records' URL (`?status=failed&created=2026-01-01,2026-01-31`):
 * the contract's names, days as local calendar days.
 */
export const sendFilterCodec: FilterCodec = {
  talentName: { kind: 'text', max: KEYWORD_MAX },
  shopId: { kind: 'id' },
  taskType: { kind: 'enum', values: taskTypes },
  contentType: { kind: 'enum', values: contentTypes },
  filterType: { kind: 'enum', values: filterTypes },
  status: { kind: 'enum', values: sendRecordStatuses },
  stage: { kind: 'enum', values: recordStages },
  created: { kind: 'days', from: 'createdFrom', to: 'createdTo' },
};
