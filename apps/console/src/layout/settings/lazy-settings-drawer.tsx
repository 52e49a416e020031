import { lazyWhenShown } from '@/components/lazy-when-shown.tsx';

/** The settings drawer (with its colour picker and palette maker) loads when first opened. */
export const LazySettingsDrawer = lazyWhenShown(
  async () => (await import('./settings-drawer.tsx')).SettingsDrawer,
  ({ open }: { open: boolean }) => open,
);
