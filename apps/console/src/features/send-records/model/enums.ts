import {
  translate,
  type Channel,
  type ContentType,
  type FilterType,
  type Locale,
  type Platform,
  type PlatformActionKind,
  type PlatformActionStatus,
  type RecordStage,
  type SendErrorCode,
  type SendRecordStatus,
  type TaskType,
} from '@inviteflow/contract';

/** The catalogue's names of the send record enums (spec section 9). */
export const enumText = {
  taskType: (locale: Locale, value: TaskType) => translate(locale, `enum.taskType.${value}`),
  contentType: (locale: Locale, value: ContentType) =>
    translate(locale, `enum.contentType.${value}`),
  filterType: (locale: Locale, value: FilterType) => translate(locale, `enum.filterType.${value}`),
  status: (locale: Locale, value: SendRecordStatus) =>
    translate(locale, `enum.sendStatus.${value}`),
  stage: (locale: Locale, value: RecordStage) => translate(locale, `enum.recordStage.${value}`),
  errorCode: (locale: Locale, value: SendErrorCode) =>
    translate(locale, `enum.sendErrorCode.${value}`),
  platform: (locale: Locale, value: Platform) => translate(locale, `enum.platform.${value}`),
  channel: (locale: Locale, value: Channel) => translate(locale, `enum.channel.${value}`),
  actionKind: (locale: Locale, value: PlatformActionKind) =>
    translate(locale, `enum.platformActionKind.${value}`),
  actionStatus: (locale: Locale, value: PlatformActionStatus) =>
    translate(locale, `enum.platformActionStatus.${value}`),
};

export const statusColors: Record<SendRecordStatus, string> = {
  pending: 'arcoblue',
  running: 'orange',
  success: 'green',
  failed: 'red',
};

export const actionStatusColors: Record<PlatformActionStatus, string> = {
  pending: 'arcoblue',
  running: 'orange',
  unknown: 'gold',
  succeeded: 'green',
  failed: 'red',
};

/** A record's stage (issue 19): answers that went nowhere are muted, the rest go warmer. */
export const stageColors: Record<RecordStage, string> = {
  declined: 'red',
  expired: 'gray',
  replied: 'arcoblue',
  accepted: 'green',
  sample_requested: 'cyan',
  content_posted: 'purple',
  first_order: 'gold',
};
