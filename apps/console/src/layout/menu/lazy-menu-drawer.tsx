import { lazyWhenShown } from '@/components/lazy-when-shown.tsx';
import type { MenuDrawerProps } from './menu-drawer.tsx';

/** The narrow screen's menu drawer loads when first opened: wide screens never need it. */
export const LazyMenuDrawer = lazyWhenShown(
  async () => (await import('./menu-drawer.tsx')).MenuDrawer,
  ({ open }: MenuDrawerProps) => open,
);
