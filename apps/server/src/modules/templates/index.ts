/** What other modules may use of templates (issue 18: a module is reached only through its index.ts). */
export { ownedProducts, ownedScripts, ownsScript, scriptLabels } from './repository.ts';
