import { Menu } from '@arco-design/web-react';
import { menuTree, type MenuNode } from '@inviteflow/contract';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { env } from '@/config/env.ts';
import { dynamicText, useT } from '@/locale/index.ts';
import { useAuthStore } from '@/stores/auth-store.ts';
import { useSettingsStore } from '@/stores/settings-store.ts';
import { MenuIcon } from './menu-icon.tsx';
import { findNode, keyPath, visibleMenu } from './visible-menu.ts';

// react-router's navigate() returns a promise only under a data router, and it settles when the
// navigation does (https://reactrouter.com/api/hooks/useNavigate): nothing here waits for it, hence `void`.

/**
 * The side (or top) menu, built from the route table or, when that setting is on, the server's
 * menu. In the narrow screen's drawer it is never collapsed, and picking a page closes the
 * drawer (`onNavigate`).
 */
export function AppMenu({
  mode,
  inDrawer = false,
  onNavigate,
}: {
  mode: 'vertical' | 'horizontal';
  inDrawer?: boolean;
  onNavigate?: () => void;
}) {
  const { locale } = useT();
  const role = useAuthStore((state) => state.profile.role);
  const collapsedSetting = useSettingsStore((state) => state.menuCollapse);
  const collapsed = collapsedSetting && !inDrawer;
  const menuFromServer = useSettingsStore((state) => state.menuFromServer);
  const serverMenu = useSettingsStore((state) => state.serverMenu);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const tree = menuFromServer && serverMenu.length > 0 ? serverMenu : menuTree;
  const items = useMemo(() => visibleMenu(tree, role), [tree, role]);
  const selectedPath = useMemo(() => keyPath(tree, pathname), [tree, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(selectedPath.slice(0, -1));

  // Opening a page from elsewhere (tab, breadcrumb, link) unfolds its group too.
  useEffect(() => {
    const groups = selectedPath.slice(0, -1);
    setOpenKeys((open) => [...new Set([...open, ...groups])]);
  }, [selectedPath]);

  const onClickItem = (key: string) => {
    const node = findNode(tree, key);
    if (!node) return;
    if (node.external) {
      window.open(env.faqUrl, '_blank', 'noopener,noreferrer');
    } else if (node.path && node.path !== pathname) {
      void navigate(node.path);
    }
    onNavigate?.();
  };

  const renderNode = (node: MenuNode) => {
    const text = dynamicText(locale, node.localeKey);
    // A long title (English at the spec's 220 px) wraps onto a second line (layout.css).
    const title = (
      <span className="app-menu-title" title={text}>
        <MenuIcon name={node.icon} />
        {text}
      </span>
    );
    if (node.children && node.children.length > 0) {
      return (
        <Menu.SubMenu key={node.key} title={title}>
          {node.children.map(renderNode)}
        </Menu.SubMenu>
      );
    }
    return <Menu.Item key={node.key}>{title}</Menu.Item>;
  };

  return (
    <Menu
      mode={mode === 'horizontal' ? 'horizontal' : 'vertical'}
      className={
        mode === 'horizontal'
          ? 'app-menu app-menu-top'
          : inDrawer
            ? 'app-menu app-menu-drawer'
            : 'app-menu'
      }
      collapse={mode === 'vertical' && collapsed}
      selectedKeys={selectedPath.slice(-1)}
      openKeys={openKeys}
      onClickSubMenu={(_key, keys) => setOpenKeys(keys)}
      onClickMenuItem={onClickItem}
      autoScrollIntoView
    >
      {items.map(renderNode)}
    </Menu>
  );
}
