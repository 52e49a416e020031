import {
  Alert,
  ColorPicker,
  Drawer,
  InputNumber,
  Message,
  Radio,
  Switch,
  Tooltip,
} from '@arco-design/web-react';
import { locales, type Locale } from '@inviteflow/contract';
import type { ReactNode } from 'react';
import { primaryPalette } from '@/lib/palette.ts';
import { useT } from '@/locale/index.ts';
import {
  MENU_WIDTH_MAX,
  MENU_WIDTH_MIN,
  copySettings,
  defaultSettings,
  useSettingsStore,
  type AppSettings,
} from '@/stores/settings-store.ts';
import { changeLocale } from '@/lib/change-locale.ts';
import { loadServerMenu } from '../use-server-menu.ts';

/** Spec section 2: settings drawer width. */
export const SETTINGS_DRAWER_WIDTH = 300;

type Toggle = 'navbar' | 'menu' | 'topMenu' | 'tabBar' | 'footer' | 'menuFromServer';

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="settings-row">
      <span>{label}</span>
      {children}
    </div>
  );
}

export function SettingsDrawer() {
  const { t, locale } = useT();
  const settings = useSettingsStore();
  const { update } = settings;

  const toggles: [Toggle, string][] = [
    ['navbar', t('settings.navbar')],
    ['menu', t('settings.menu')],
    ['topMenu', t('settings.topMenu')],
    ['tabBar', t('settings.tabBar')],
    ['footer', t('settings.footer')],
    ['menuFromServer', t('settings.menuFromServer')],
  ];

  const onToggle = (key: Toggle, value: boolean) => {
    update({ [key]: value } as Partial<AppSettings>);
    if (key === 'menuFromServer' && value) void loadServerMenu();
  };

  const onCopy = async () => {
    if (await copySettings()) Message.success(t('settings.copySuccess'));
    else Message.error(t('settings.copyFailed'));
  };

  const palette = primaryPalette(settings.themeColor, settings.theme === 'dark');

  return (
    <Drawer
      width={SETTINGS_DRAWER_WIDTH}
      title={t('settings.title')}
      visible={settings.globalSettings}
      okText={t('settings.copy')}
      cancelText={t('settings.close')}
      onOk={() => void onCopy()}
      onCancel={() => update({ globalSettings: false })}
      className="settings-drawer"
      unmountOnExit
    >
      <section className="settings-block">
        <h5 className="settings-title">{t('settings.themeColor')}</h5>
        <Row label={t('settings.themeColor')}>
          <ColorPicker
            value={settings.themeColor}
            onChange={(value) => typeof value === 'string' && update({ themeColor: value })}
            format="hex"
            disabledAlpha
            showPreset
            presetColors={[defaultSettings.themeColor, '#0FC6C2', '#722ED1', '#F5319D', '#F77234']}
            size="small"
          />
        </Row>
        <Tooltip content={t('settings.themeColorTip')}>
          <div className="settings-palette" aria-label={t('settings.themeColorTip')}>
            {palette.map((rgb) => (
              <span key={rgb} style={{ background: `rgb(${rgb})` }} />
            ))}
          </div>
        </Tooltip>
      </section>

      <section className="settings-block">
        <h5 className="settings-title">{t('settings.content')}</h5>
        {toggles.map(([key, label]) => (
          <Row key={key} label={label}>
            <Switch
              size="small"
              checked={settings[key]}
              onChange={(value) => onToggle(key, value)}
              aria-label={label}
            />
          </Row>
        ))}
        <Row label={t('settings.menuWidth')}>
          <InputNumber
            size="small"
            style={{ width: 80 }}
            min={MENU_WIDTH_MIN}
            max={MENU_WIDTH_MAX}
            step={10}
            value={settings.menuWidth}
            onChange={(value) => typeof value === 'number' && update({ menuWidth: value })}
            aria-label={t('settings.menuWidth')}
          />
        </Row>
      </section>

      <section className="settings-block">
        <h5 className="settings-title">{t('settings.otherSettings')}</h5>
        <Row label={t('settings.colorWeak')}>
          <Switch
            size="small"
            checked={settings.colorWeak}
            onChange={(value) => update({ colorWeak: value })}
            aria-label={t('settings.colorWeak')}
          />
        </Row>
        <Row label={t('settings.language')}>
          <Radio.Group
            type="button"
            size="small"
            value={locale}
            onChange={(value: Locale) => void changeLocale(value)}
          >
            {locales.map((item) => (
              <Radio key={item} value={item}>
                {t(`locale.${item}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Row>
      </section>

      <Alert content={t('settings.hint')} />
    </Drawer>
  );
}
