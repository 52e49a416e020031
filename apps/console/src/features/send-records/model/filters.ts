import type { ContentType, FilterType, SendRecordStatus, TaskType } from '@inviteflow/contract';
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
}

/** A picked day as the instant it starts (or ends) in the browser's zone. */
function dayBound(day: string, end: boolean): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const local = end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d);
  return local.toISOString();
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
  if (values.created?.[0] && values.created[1]) {
    filters.createdFrom = dayBound(values.created[0], false);
    filters.createdTo = dayBound(values.created[1], true);
  }
  return filters;
}
