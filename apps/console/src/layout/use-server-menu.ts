import { Notification } from '@arco-design/web-react';
import { useEffect } from 'react';
import { tGlobal } from '@/locale/index.ts';
import { useAuthStore } from '@/stores/auth-store.ts';
import { useSettingsStore } from '@/stores/settings-store.ts';

const NOTICE_ID = 'menu-notice';

/** Fetches the server's menu and says how it went (spec: 'menu loaded' / 'menu load failed'). */
export async function loadServerMenu(): Promise<boolean> {
  Notification.info({ id: NOTICE_ID, content: tGlobal('settings.menuLoading'), closable: true });
  try {
    // Checked against the contract's menu schema: loaded when the setting is on, not before.
    const { getMenu } = await import('@/api/menu/get-menu.ts');
    const menu = await getMenu();
    useSettingsStore.getState().setServerMenu(menu);
    Notification.success({
      id: NOTICE_ID,
      content: tGlobal('settings.menuLoaded'),
      closable: true,
    });
    return true;
  } catch {
    useSettingsStore.getState().clearServerMenu();
    Notification.error({
      id: NOTICE_ID,
      content: tGlobal('settings.menuLoadFailed'),
      closable: true,
    });
    return false;
  }
}

/** While "menu from server" is on and a user is signed in, the server's menu is loaded once. */
export function useServerMenu() {
  const enabled = useSettingsStore((state) => state.menuFromServer);
  const token = useAuthStore((state) => state.token);
  useEffect(() => {
    if (!enabled || !token) return;
    if (useSettingsStore.getState().serverMenu.length > 0) return;
    void loadServerMenu();
  }, [enabled, token]);
}
