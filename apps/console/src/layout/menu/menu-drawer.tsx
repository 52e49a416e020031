import { Drawer } from '@arco-design/web-react';
import { useEffect } from 'react';
import { Logo } from '@/components/logo.tsx';
import { useT } from '@/locale/index.ts';
import { useSettingsStore } from '@/stores/settings-store.ts';
import { AppMenu } from './app-menu.tsx';

export interface MenuDrawerProps {
  open: boolean;
  /** The mask, Esc or the close button: the drawer slides out, then `afterClose`. */
  onClose: () => void;
  afterClose: () => void;
  /** A page was picked: the layout removes the drawer at once (see DefaultLayout). */
  onPick: () => void;
}

/**
 * The menu of a narrow screen (Arco Design Pro's mobile layout): a drawer from the left,
 * opened by the navbar's menu button; picking a page closes it.
 */
export function MenuDrawer({ open, onClose, afterClose, onPick }: MenuDrawerProps) {
  const { t } = useT();
  const menuWidth = useSettingsStore((state) => state.menuWidth);
  // Esc closes the drawer wherever the focus is. Arco's own Esc needs the focus inside
  // the drawer, which its focus lock moves there only once the slide-in has ended: an Esc
  // pressed sooner, with the focus still on the navbar's menu button, did nothing.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  return (
    <Drawer
      placement="left"
      width={menuWidth}
      visible={open}
      onCancel={onClose}
      escToExit={false}
      afterClose={afterClose}
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
        <AppMenu mode="vertical" inDrawer onNavigate={onPick} />
      </nav>
    </Drawer>
  );
}
