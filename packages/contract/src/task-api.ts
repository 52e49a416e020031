import { z } from './zod.ts';
import { shop } from './shops.ts';

/**
 * The shop report of the extension (`POST /shops/report`): the shop the seller binds from the
 * extension's popup. The record-by-record claim and report that the extension's old runner
 * used are retired (issue 17): the extension sends through browser actions only
 * (browser-channel.ts).
 */

/** The shop the extension reports; it is bound, or the refusal says why (422 with a message). */
export const shopReportData = z.object({
  shop,
  /** bound: newly bound now; alreadyBound: it was bound before this report. */
  outcome: z.enum(['bound', 'alreadyBound']),
});
export type ShopReportData = z.infer<typeof shopReportData>;
