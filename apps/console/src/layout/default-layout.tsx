import { Button, Layout } from '@arco-design/web-react';
import { IconMenuFold, IconMenuUnfold } from '@arco-design/web-react/icon';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { routeByPath } from '@/app/route-table.ts';
import { loadMe } from '@/lib/session.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { dynamicText, useT } from '@/locale/index.ts';
import { useSettingsStore } from '@/stores/settings-store.ts';
import { AppBreadcrumb } from './breadcrumb.tsx';
import { AppFooter } from './footer.tsx';
import { AppMenu } from './menu/app-menu.tsx';
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
  useServerMenu();

  // A stored session is checked once per page load: `me` fills the profile, and a 401/403
  // ends the session, after which the guard sends the user to /login.
  useEffect(() => {
    void loadMe();
  }, []);

  // The top menu lives in the navbar: with the navbar hidden the menu falls back to the side.
  const sideMenu = menu && (!topMenu || !navbar);
  const siderWidth = collapsed ? COLLAPSED_MENU_WIDTH : menuWidth;
  const paddingTop = navbar ? NAVBAR_HEIGHT : 0;

  return (
    <Layout className="layout">
      {navbar && (
        <div className="layout-navbar">
          <Navbar />
        </div>
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
