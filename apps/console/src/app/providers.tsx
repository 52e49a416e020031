import { ConfigProvider } from '@arco-design/web-react';
import { useEffect, type ReactNode } from 'react';
import { installLoginStatusResponder } from '@/lib/extension-bridge.ts';
import { loginSnapshot } from '@/lib/extension-handover.ts';
import { arcoLocale } from '@/locale/language-pack.ts';
import { followOtherTabs } from '@/stores/auth-store.ts';
import { useLocaleStore } from '@/stores/locale-store.ts';

/** Arco's own texts (pagination, pickers, empty states) follow the console language. */
export function AppProviders({ children }: { children: ReactNode }) {
  const locale = useLocaleStore((state) => state.locale);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  // The extension asks, while it holds no session it can renew, whether someone is signed in;
  // it is answered with a session of its own (scoped to its calls), which it renews by itself.
  useEffect(() => installLoginStatusResponder(loginSnapshot), []);

  // Tabs sharing a remembered session follow each other's refreshes and logouts.
  useEffect(() => followOtherTabs(), []);

  return <ConfigProvider locale={arcoLocale(locale)}>{children}</ConfigProvider>;
}
