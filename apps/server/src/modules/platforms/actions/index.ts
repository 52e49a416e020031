/**
 * Platform actions: what a task of a shop connected by authorization compiles into, the
 * executor that runs them through the platform's client, and what the console sees of it (a
 * task's calls, a shop's pause). The only entry of the module.
 */
export { compileTaskActions } from './compile.ts';
export { compileBrowserActions } from './browser-compile.ts';
export { browserActionRoutes } from './browser-routes.ts';
export { lapseBrowserActions } from './browser-service.ts';
export { adoptLegacyBrowserRecords } from './browser-legacy.ts';
export { PlatformActionExecutor } from './executor.ts';
export { createdCollaborations, createdPlans, liftAuthorizationPauses } from './repository.ts';
export { nextQuotaWeek, nextShopDay } from './resets.ts';
export { platformActionRoutes } from './routes.ts';
export { shopPauses } from './service.ts';
export { followUpMessenger } from './follow-up-messenger.ts';
