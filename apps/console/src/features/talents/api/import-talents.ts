import {
  apiPaths,
  type ImportReport,
  type Locale,
  type TalentFileFormat,
} from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buildUrl, request } from '@/lib/request.ts';
import { displayTimeZone } from '@/lib/time-zone.ts';
import { talentsQueryKey } from './get-talents.ts';

/**
 * Uploads a filled-in template; the server answers row by row. Times in the file without
 * an offset are read in the account's time zone.
 */
export function importTalents(file: File): Promise<ImportReport> {
  const body = new FormData();
  body.append('timeZone', displayTimeZone());
  body.append('file', file, file.name);
  return request<ImportReport>(apiPaths.talents.import, { method: 'POST', body });
}

export function useImportTalents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importTalents,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: talentsQueryKey }),
  });
}

/** The import template, a public download, with headers in the console language. */
export function importTemplateUrl(format: TalentFileFormat, lang: Locale): string {
  return buildUrl(apiPaths.talents.importTemplate, { format, lang });
}
