import { Message } from '@arco-design/web-react';
import type { Locale } from '@inviteflow/contract';
import { globalText } from '@/locale/index.ts';
import { useLocaleStore } from '@/stores/locale-store.ts';

/** Changes the language and confirms it in the language just chosen (spec section 4). */
export function changeLocale(next: Locale) {
  if (next === useLocaleStore.getState().locale) return;
  useLocaleStore.getState().setLocale(next);
  Message.success(globalText(next, 'locale.changed'));
}
