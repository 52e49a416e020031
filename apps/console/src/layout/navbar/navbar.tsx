import { Button, Tooltip } from '@arco-design/web-react';
import { IconMenu, IconMoonFill, IconSettings, IconSunFill } from '@arco-design/web-react/icon';
import { Link } from 'react-router';
import { defaultRoutePath } from '@inviteflow/contract';
import { useT } from '@/locale/index.ts';
import { useSettingsStore } from '@/stores/settings-store.ts';
import { Logo } from '@/components/logo.tsx';
import { AppMenu } from '../menu/app-menu.tsx';
import { MessageBoxEntry } from '../message-box/message-box.tsx';
import { LanguageSwitch } from '@/components/language-switch.tsx';
import { NavbarMore } from './navbar-more.tsx';
import { UserMenu } from './user-menu.tsx';

/**
 * The top bar. On a narrow screen it starts with the button that opens the menu drawer
 * (`onOpenMenu`, when there is a menu), shows the short brand, and folds language, theme
 * and settings into "More": messages and the avatar (so Logout) stay in view.
 */
export function Navbar({
  narrow = false,
  onOpenMenu,
}: {
  narrow?: boolean;
  onOpenMenu?: () => void;
}) {
  const { t } = useT();
  const theme = useSettingsStore((state) => state.theme);
  const topMenu = useSettingsStore((state) => state.topMenu);
  const menu = useSettingsStore((state) => state.menu);
  const toggleTheme = useSettingsStore((state) => state.toggleTheme);
  const update = useSettingsStore((state) => state.update);
  const themeLabel = theme === 'dark' ? t('navbar.toLight') : t('navbar.toDark');

  return (
    <div className={narrow ? 'navbar navbar-narrow' : 'navbar'}>
      {narrow && onOpenMenu && (
        <Button
          className="navbar-menu-button"
          type="text"
          aria-label={t('narrow.openMenu')}
          icon={<IconMenu />}
          onClick={onOpenMenu}
        />
      )}
      <Link to={defaultRoutePath} className="navbar-brand">
        <Logo />
        <span className="navbar-brand-name">{t(narrow ? 'brand.short' : 'brand.name')}</span>
      </Link>
      <div className="navbar-center">
        {!narrow && topMenu && menu && <AppMenu mode="horizontal" />}
      </div>
      <ul className="navbar-actions">
        {!narrow && (
          <>
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
          </>
        )}
        <li>
          <MessageBoxEntry />
        </li>
        <li>
          {narrow ? (
            <NavbarMore />
          ) : (
            <Tooltip content={t('navbar.settings')}>
              <Button
                shape="circle"
                aria-label={t('navbar.settings')}
                icon={<IconSettings />}
                onClick={() => update({ globalSettings: true })}
              />
            </Tooltip>
          )}
        </li>
        <li>
          <UserMenu />
        </li>
      </ul>
    </div>
  );
}
