import { Message } from '@arco-design/web-react';
import type { Locale } from '@inviteflow/contract';
import { globalText } from '@/locale/index.ts';
import { loadLanguage } from '@/locale/language-pack.ts';
import { useLocaleStore } from '@/stores/locale-store.ts';

/**
 * Changes the language once its texts are loaded, and confirms it in the language just
 * chosen (spec section 4).
 */
export async function changeLocale(next: Locale): Promise<void> {
  if (next === useLocaleStore.getState().locale) return;
  await loadLanguage(next);
  useLocaleStore.getState().setLocale(next);
  Message.success(globalText(next, 'locale.changed'));
}
