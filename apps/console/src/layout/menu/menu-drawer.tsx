import { Drawer } from '@arco-design/web-react';
import { Logo } from '@/components/logo.tsx';
import { useT } from '@/locale/index.ts';
import { useSettingsStore } from '@/stores/settings-store.ts';
import { AppMenu } from './app-menu.tsx';

/**
 * The menu of a narrow screen (Arco Design Pro's mobile layout): a drawer from the left,
 * opened by the navbar's menu button; picking a page closes it.
 */
export function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT();
  const menuWidth = useSettingsStore((state) => state.menuWidth);
  return (
    <Drawer
      placement="left"
      width={menuWidth}
      visible={open}
      onCancel={onClose}
      footer={null}
      className="menu-drawer"
      title={
        <span className="menu-drawer-brand">
          <Logo size={24} />
          {t('brand.short')}
        </span>
      }
    >
      <nav aria-label={t('narrow.menu')}>
        <AppMenu mode="vertical" inDrawer onNavigate={onClose} />
      </nav>
    </Drawer>
  );
}
