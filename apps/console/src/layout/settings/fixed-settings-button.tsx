import { Button } from '@arco-design/web-react';
import { IconSettings } from '@arco-design/web-react/icon';
import { useT } from '@/locale/index.ts';
import { useSettingsStore } from '@/stores/settings-store.ts';

/** When the navbar is hidden, this fixed button is the way back into the drawer. */
export function FixedSettingsButton() {
  const { t } = useT();
  const update = useSettingsStore((state) => state.update);
  return (
    <Button
      type="primary"
      className="fixed-settings"
      icon={<IconSettings />}
      aria-label={t('navbar.settings')}
      title={t('navbar.settings')}
      onClick={() => update({ globalSettings: true })}
    />
  );
}
