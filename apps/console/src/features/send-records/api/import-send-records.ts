import {
  apiPaths,
  type Locale,
  type SendImportReport,
  type SendTaskBody,
  type TalentFileFormat,
} from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buildUrl, request } from '@/lib/request.ts';
import { displayTimeZone } from '@/lib/time-zone.ts';
import { sendRecordsQueryKey } from './get-send-records.ts';

export interface ImportSettings {
  shopId: number;
  taskType: string;
  contentType: string;
  script: string;
  scriptTemplateId: number | null;
  productTemplateIds: number[];
  setName: string;
  cooldown: 'skip' | 'include';
  /** What the shop's platform needs for the task type (a target collaboration, a 抖店 plan or activity). */
  platformFields?: Pick<
    SendTaskBody,
    | 'collaborationName'
    | 'endsAt'
    | 'commissionRates'
    | 'contactEmail'
    | 'freeSample'
    | 'sampleApproval'
    | 'planAllowApply'
    | 'planAuditApplications'
    | 'activityId'
    | 'activityName'
    | 'institutionName'
    | 'colonelBuyinId'
    | 'serviceRate'
    | 'contactPhone'
    | 'activityPrices'
  >;
}

/** Uploads a file of talents with the task settings; the server answers row by row. */
export function importSendRecords(args: {
  file: File;
  settings: ImportSettings;
}): Promise<SendImportReport> {
  const body = new FormData();
  const { settings } = args;
  body.append('shopId', String(settings.shopId));
  body.append('taskType', settings.taskType);
  body.append('contentType', settings.contentType);
  body.append('script', settings.script);
  if (settings.scriptTemplateId !== null)
    body.append('scriptTemplateId', String(settings.scriptTemplateId));
  body.append('productTemplateIds', settings.productTemplateIds.join(','));
  body.append('setName', settings.setName);
  body.append('cooldown', settings.cooldown);
  // Multipart fields are text: objects as JSON, flags as true/false, numbers as digits.
  const fields = settings.platformFields ?? {};
  for (const key of [
    'collaborationName',
    'endsAt',
    'contactEmail',
    'sampleApproval',
    'activityId',
    'activityName',
    'institutionName',
    'colonelBuyinId',
    'contactPhone',
  ] as const) {
    const value = fields[key];
    if (value) body.append(key, value);
  }
  for (const key of ['commissionRates', 'activityPrices'] as const) {
    const value = fields[key];
    if (value && Object.keys(value).length) body.append(key, JSON.stringify(value));
  }
  for (const key of ['freeSample', 'planAllowApply', 'planAuditApplications'] as const) {
    const value = fields[key];
    if (typeof value === 'boolean') body.append(key, String(value));
  }
  if (typeof fields.serviceRate === 'number')
    body.append('serviceRate', String(fields.serviceRate));
  body.append('timeZone', displayTimeZone());
  body.append('file', args.file, args.file.name);
  return request<SendImportReport>(apiPaths.sendRecords.import, { method: 'POST', body });
}

export function useImportSendRecords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importSendRecords,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sendRecordsQueryKey }),
  });
}

/** The import template, a public download, with headers in the console language. */
export function sendImportTemplateUrl(format: TalentFileFormat, lang: Locale): string {
  return buildUrl(apiPaths.sendRecords.importTemplate, { format, lang });
}
