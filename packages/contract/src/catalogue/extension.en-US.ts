import type { extensionZh } from './extension.ts';

/** The en-US texts of extension.ts, key for key (a missing one fails the type check). */
export const extensionEn: Record<keyof typeof extensionZh, string> = {
  'error.extensionTokenScope':
    "The extension's token only works for the extension's shop and task calls",
};
