/**
 * What other modules may use of payments (issue 18: a module is reached only through its index.ts).
 * Payments imports nothing of membership (report.ts says why): keep this file free of such imports.
 */
export { amountToFen, GatewayUnavailableError, isPaidStatus } from './gateway.ts';
export type { PaymentReport, SettleOutcome } from './report.ts';
export type { Payments } from './service.ts';
