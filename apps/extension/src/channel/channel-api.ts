import {
  apiPaths,
  browserClaimData,
  browserReportData,
  pagePackList,
  type BrowserActionReport,
  type BrowserClaimBody,
  type BrowserClaimData,
  type BrowserReconcileReport,
  type BrowserReportData,
  type BrowserResumeBody,
  type Locale,
  type PagePackList,
} from '@inviteflow/contract';
import { z } from 'zod';
import { callApi, type ApiResult } from '../api/api-client.ts';

/** The browser channel's calls (issue 17), with the extension's own session. */
export interface ChannelApi {
  pagePacks(): Promise<ApiResult<PagePackList>>;
  claim(body: BrowserClaimBody): Promise<ApiResult<BrowserClaimData>>;
  started(actionId: number, leaseId: string): Promise<ApiResult<null>>;
  report(actionId: number, body: BrowserActionReport): Promise<ApiResult<BrowserReportData>>;
  reconcile(actionId: number, body: BrowserReconcileReport): Promise<ApiResult<BrowserReportData>>;
  resume(
    shopId: number,
    reason: BrowserResumeBody['reason'],
  ): Promise<ApiResult<{ resumed: boolean }>>;
}

export function httpChannelApi(locale: () => Locale | Promise<Locale>): ChannelApi {
  const post = async <T>(path: string, schema: z.ZodType<T>, body: unknown) =>
    callApi(path, schema, { method: 'POST', body, locale: await locale() });
  return {
    async pagePacks() {
      return callApi(apiPaths.extension.pagePacks, pagePackList, { locale: await locale() });
    },
    claim: (body) => post(apiPaths.extension.claim, browserClaimData, body),
    started: (id, leaseId) => post(apiPaths.extension.started(id), z.null(), { leaseId }),
    report: (id, body) => post(apiPaths.extension.report(id), browserReportData, body),
    reconcile: (id, body) => post(apiPaths.extension.reconcile(id), browserReportData, body),
    resume: (shopId, reason) =>
      post(apiPaths.extension.resumeShop(shopId), z.object({ resumed: z.boolean() }), { reason }),
  };
}
