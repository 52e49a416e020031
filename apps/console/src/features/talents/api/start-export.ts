import { apiPaths, type ExportRequestBody, type ExportTicket } from '@inviteflow/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** Starts an export of the filtered rows; the ticket's link downloads the file. */
export function startExport(body: ExportRequestBody): Promise<ExportTicket> {
  return request<ExportTicket>(apiPaths.talents.exports, { method: 'POST', body });
}

export function useStartExport() {
  return useMutation({ mutationFn: startExport });
}
