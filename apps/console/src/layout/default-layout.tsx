import { Button, Layout } from '@arco-design/web-react';
import { IconMenu, IconMenuFold, IconMenuUnfold } from '@arco-design/web-react/icon';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { routeByPath } from '@/app/route-table.ts';
import { useNarrowScreen } from '@/lib/use-narrow-screen.ts';
import { loadMe } from '@/lib/session.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { dynamicText, useT } from '@/locale/index.ts';
import { useSettingsStore } from '@/stores/settings-store.ts';
import { AppBreadcrumb } from './breadcrumb.tsx';
import { AppFooter } from './footer.tsx';
import { AppMenu } from './menu/app-menu.tsx';
import { LazyMenuDrawer } from './menu/lazy-menu-drawer.tsx';
import { Navbar } from './navbar/navbar.tsx';
import { PageContent } from './page-content.tsx';
import { FixedSettingsButton } from './settings/fixed-settings-button.tsx';
import { LazySettingsDrawer } from './settings/lazy-settings-drawer.tsx';
import { TabBar } from './tab-bar/tab-bar.tsx';
import { useServerMenu } from './use-server-menu.ts';
import './layout.css';

const NAVBAR_HEIGHT = 60;
const COLLAPSED_MENU_WIDTH = 48;

/** The shell of every signed-in page (Arco Design Pro's layout). */
export function DefaultLayout() {
  const { t, locale } = useT();
  const { pathname } = useLocation();
  const route = routeByPath(pathname);
  useDocumentTitle(route ? dynamicText(locale, route.localeKey) : undefined);
  const navbar = useSettingsStore((state) => state.navbar);
  const menu = useSettingsStore((state) => state.menu);
  const topMenu = useSettingsStore((state) => state.topMenu);
  const settingsOpen = useSettingsStore((state) => state.globalSettings);
  const footer = useSettingsStore((state) => state.footer);
  const tabBar = useSettingsStore((state) => state.tabBar);
  const collapsed = useSettingsStore((state) => state.menuCollapse);
  const menuWidth = useSettingsStore((state) => state.menuWidth);
  const update = useSettingsStore((state) => state.update);
  const narrow = useNarrowScreen();
  // The menu drawer: open, sliding out (mask, Esc, close button), or not there at all. A page
  // picked removes it at once instead of sliding it out: its exit animation, running beside
  // the route change (a transition that may wait for the page's code), could stop halfway
  // and leave an invisible mask over the page.
  const [menuDrawer, setMenuDrawer] = useState<'open' | 'closing' | 'closed'>('closed');
  // Widened while the drawer was there: it is gone, and does not come back when narrowed again.
  if (menuDrawer !== 'closed' && !narrow) setMenuDrawer('closed');
  useServerMenu();

  // The spec's `device` setting says what the screen is (Arco Pro: desktop or mobile).
  useEffect(() => {
    const device = narrow ? 'mobile' : 'desktop';
    if (useSettingsStore.getState().device !== device) update({ device });
  }, [narrow, update]);

  // A stored session is checked once per page load: `me` fills the profile, and a 401/403
  // ends the session, after which the guard sends the user to /login.
  useEffect(() => {
    void loadMe();
  }, []);

  // The top menu lives in the navbar: with the navbar hidden the menu falls back to the side.
  // A narrow screen has neither: its menu opens in a drawer.
  const sideMenu = menu && !narrow && (!topMenu || !navbar);
  const drawerMenu = menu && narrow;
  const siderWidth = collapsed ? COLLAPSED_MENU_WIDTH : menuWidth;
  const paddingTop = navbar ? NAVBAR_HEIGHT : 0;
  const openMenu = drawerMenu ? () => setMenuDrawer('open') : undefined;

  return (
    <Layout className={narrow ? 'layout layout-narrow' : 'layout'}>
      {navbar && (
        <div className="layout-navbar">
          <Navbar narrow={narrow} onOpenMenu={openMenu} />
        </div>
      )}
      {drawerMenu && menuDrawer !== 'closed' && (
        <LazyMenuDrawer
          open={menuDrawer === 'open'}
          onClose={() => setMenuDrawer('closing')}
          afterClose={() => setMenuDrawer('closed')}
          onPick={() => setMenuDrawer('closed')}
        />
      )}
      {drawerMenu && !navbar && (
        // Without the navbar, the drawer's button stays at hand like the fixed settings one.
        <Button
          type="primary"
          className="fixed-menu-button"
          icon={<IconMenu />}
          aria-label={t('narrow.openMenu')}
          onClick={openMenu}
        />
      )}
      <Layout>
        {sideMenu && (
          <Layout.Sider
            className="layout-sider"
            width={siderWidth}
            collapsed={collapsed}
            collapsedWidth={COLLAPSED_MENU_WIDTH}
            trigger={null}
            collapsible
            style={{ paddingTop }}
          >
            <div className="layout-menu-wrapper">
              <AppMenu mode="vertical" />
            </div>
            <Button
              className="layout-collapse-btn"
              size="small"
              type="secondary"
              aria-label={collapsed ? t('menu.expand') : t('menu.collapse')}
              icon={collapsed ? <IconMenuUnfold /> : <IconMenuFold />}
              onClick={() => update({ menuCollapse: !collapsed })}
            />
          </Layout.Sider>
        )}
        <Layout
          className="layout-main"
          style={{ paddingLeft: sideMenu ? siderWidth : 0, paddingTop }}
        >
          {tabBar && <TabBar />}
          <div className="layout-content-wrapper">
            <AppBreadcrumb />
            <Layout.Content className="layout-content">
              <PageContent />
            </Layout.Content>
          </div>
          {footer && <AppFooter />}
        </Layout>
      </Layout>
      {!navbar && <FixedSettingsButton />}
      <LazySettingsDrawer open={settingsOpen} />
    </Layout>
  );
}
