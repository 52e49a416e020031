/**
 * Page packs (issue 17): the versioned data of each platform page the extension runs, and
 * the server's switch that stops a broken one. The only entry of the module.
 */
export { packOf, stoppedPackIds, stoppedPacks, type PacksByConfig } from './service.ts';
export { pagePackRoutes } from './routes.ts';
