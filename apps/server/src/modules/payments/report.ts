/**
 * What the gateway reports about an order's payment, and the answers a report gets: the
 * words the payments module (the gateway, its notification route) shares with the
 * membership module, which settles orders (membership/settle.ts). Membership imports
 * them from here; payments imports nothing of membership (no module cycle).
 */

/** What the gateway says about one order's payment, from a notification or a query. */
export interface PaymentReport {
  source: 'notify' | 'query' | 'return';
  /** Whether the gateway's signature verified (a query's answer is verified by the SDK). */
  signatureValid: boolean;
  orderNo: string;
  /** The app the message is for; null when the source carries none (a query we made). */
  appId: string | null;
  /** The seller paid; null when the source carries none (a query we made). */
  sellerId: string | null;
  tradeStatus: string | null;
  tradeNo: string | null;
  /** As the gateway writes it: yuan with up to two decimals. */
  totalAmount: string | null;
  buyerLogonId: string | null;
}

export type SettleOutcome =
  | 'granted'
  | 'duplicate'
  | 'pending'
  | 'refused:signature'
  | 'refused:unknown-order'
  | 'refused:app-id'
  | 'refused:seller-id'
  | 'refused:amount'
  | 'refused:status';

/** Granted and duplicate mean "this payment is in our books": the gateway may stop telling us. */
export function isSettled(outcome: SettleOutcome): boolean {
  return outcome === 'granted' || outcome === 'duplicate';
}

/**
 * Settles one report (given to the notification route by app.ts: membership/settle.ts's
 * settlePayment). Passed in rather than imported: membership uses the gateway, so an
 * import of membership from here would make the two modules a cycle.
 */
export type PaymentSettler = (
  expected: { appId: string; sellerId: string | null },
  report: PaymentReport,
) => Promise<SettleOutcome>;
