import { apiPaths, type ExportTicket, type SendExportBody } from '@inviteflow/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** Starts an export of the filtered records; the ticket's link downloads the file. */
export function startSendExport(body: SendExportBody): Promise<ExportTicket> {
  return request<ExportTicket>(apiPaths.sendRecords.export, { method: 'POST', body });
}

export function useStartSendExport() {
  return useMutation({ mutationFn: startSendExport });
}
