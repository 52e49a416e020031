/**
 * What other modules may use of affiliate orders (issue 19, "What each creator sold"): the
 * platform syncs hand it the order lines they read; app.ts registers its routes.
 */
export { affiliateOrderRoutes } from './routes.ts';
export { recordOrders, type OrderLine } from './service.ts';
/** The GMV per task the workplace funnel shows (issue 19). */
export { gmvByTask, type TaskGmv } from './gmv-repository.ts';
