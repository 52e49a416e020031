import type { Locale as ArcoLocale } from '@arco-design/web-react/es/locale/interface';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import { hasCatalogue, type Locale } from '@inviteflow/contract';

const arcoLocales: Partial<Record<Locale, ArcoLocale>> = { 'zh-CN': zhCN };

/**
 * Makes a language ready: zh-CN, the default, always is; English loads its texts (the
 * contract's catalogue and Arco's) the first time it is needed, before it is shown.
 */
export async function loadLanguage(locale: Locale): Promise<void> {
  if (arcoLocales[locale] && hasCatalogue(locale)) return;
  const { arcoEnUS } = await import('./english.ts');
  arcoLocales['en-US'] = arcoEnUS;
}

/** Arco's texts for a language that is ready (zh-CN's until it is). */
export function arcoLocale(locale: Locale): ArcoLocale {
  return arcoLocales[locale] ?? zhCN;
}
