import { Button, Tooltip } from '@arco-design/web-react';
import { IconMoonFill, IconSettings, IconSunFill } from '@arco-design/web-react/icon';
import { Link } from 'react-router';
import { defaultRoutePath } from '@inviteflow/contract';
import { useT } from '@/locale/index.ts';
import { useSettingsStore } from '@/stores/settings-store.ts';
import { Logo } from '@/components/logo.tsx';
import { AppMenu } from '../menu/app-menu.tsx';
import { MessageBoxEntry } from '../message-box/message-box.tsx';
import { LanguageSwitch } from '@/components/language-switch.tsx';
import { UserMenu } from './user-menu.tsx';

export function Navbar() {
  const { t } = useT();
  const theme = useSettingsStore((state) => state.theme);
  const topMenu = useSettingsStore((state) => state.topMenu);
  const menu = useSettingsStore((state) => state.menu);
  const toggleTheme = useSettingsStore((state) => state.toggleTheme);
  const update = useSettingsStore((state) => state.update);
  const themeLabel = theme === 'dark' ? t('navbar.toLight') : t('navbar.toDark');

  return (
    <div className="navbar">
      <Link to={defaultRoutePath} className="navbar-brand">
        <Logo />
        <span className="navbar-brand-name">{t('brand.name')}</span>
      </Link>
      <div className="navbar-center">{topMenu && menu && <AppMenu mode="horizontal" />}</div>
      <ul className="navbar-actions">
        <li>
          <LanguageSwitch />
        </li>
        <li>
          <Tooltip content={themeLabel}>
            <Button
              shape="circle"
              aria-label={themeLabel}
              icon={theme === 'dark' ? <IconSunFill /> : <IconMoonFill />}
              onClick={toggleTheme}
            />
          </Tooltip>
        </li>
        <li>
          <MessageBoxEntry />
        </li>
        <li>
          <Tooltip content={t('navbar.settings')}>
            <Button
              shape="circle"
              aria-label={t('navbar.settings')}
              icon={<IconSettings />}
              onClick={() => update({ globalSettings: true })}
            />
          </Tooltip>
        </li>
        <li>
          <UserMenu />
        </li>
      </ul>
    </div>
  );
}
