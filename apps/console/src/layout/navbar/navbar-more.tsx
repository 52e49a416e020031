import { Button, Dropdown, Menu } from '@arco-design/web-react';
import {
  IconCheck,
  IconLanguage,
  IconMoonFill,
  IconMore,
  IconSettings,
  IconSunFill,
} from '@arco-design/web-react/icon';
import { isLocale, locales } from '@inviteflow/contract';
import { changeLocale } from '@/lib/change-locale.ts';
import { useT } from '@/locale/index.ts';
import { useSettingsStore } from '@/stores/settings-store.ts';

const THEME = 'theme';
const SETTINGS = 'settings';

/**
 * The narrow navbar's "More": the language, the theme and the settings drawer, which do not
 * fit beside the messages and the avatar at phone width.
 */
export function NavbarMore() {
  const { t, locale } = useT();
  const theme = useSettingsStore((state) => state.theme);
  const toggleTheme = useSettingsStore((state) => state.toggleTheme);
  const update = useSettingsStore((state) => state.update);
  const themeLabel = theme === 'dark' ? t('narrow.toLight') : t('narrow.toDark');

  const onClick = (key: string) => {
    if (key === THEME) toggleTheme();
    else if (key === SETTINGS) update({ globalSettings: true });
    else if (isLocale(key) && key !== locale) void changeLocale(key);
  };

  return (
    <Dropdown
      trigger="click"
      position="br"
      droplist={
        <Menu className="navbar-more-menu" onClickMenuItem={onClick}>
          <Menu.ItemGroup
            title={
              <span>
                <IconLanguage className="dropdown-icon" />
                {t('navbar.language')}
              </span>
            }
          >
            {locales.map((item) => (
              <Menu.Item key={item} aria-checked={item === locale} role="menuitemradio">
                <span className="navbar-more-check">{item === locale && <IconCheck />}</span>
                {t(`locale.${item}`)}
              </Menu.Item>
            ))}
          </Menu.ItemGroup>
          <Menu.Item key={THEME}>
            {theme === 'dark' ? (
              <IconSunFill className="dropdown-icon" />
            ) : (
              <IconMoonFill className="dropdown-icon" />
            )}
            {themeLabel}
          </Menu.Item>
          <Menu.Item key={SETTINGS}>
            <IconSettings className="dropdown-icon" />
            {t('navbar.settings')}
          </Menu.Item>
        </Menu>
      }
    >
      <Button shape="circle" icon={<IconMore />} aria-label={t('narrow.more')} />
    </Dropdown>
  );
}
