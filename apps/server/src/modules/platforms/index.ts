/**
 * What other modules may use of platforms (issue 18: a module is reached only through its
 * index.ts). Inside platforms, each part (actions, connections, doudian, tiktok-shop, page-packs)
 * has its own index.ts; other modules come through this one.
 */
export { compileBrowserActions, compileTaskActions, shopPauses } from './actions/index.ts';
