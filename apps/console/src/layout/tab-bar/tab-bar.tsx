import { Dropdown, Menu } from '@arco-design/web-react';
import { IconClose, IconDown } from '@arco-design/web-react/icon';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { routeByPath } from '@/app/route-table.ts';
import { dynamicText, useT } from '@/locale/index.ts';
import { DEFAULT_TAB, useTabBarStore, type TabEntry } from '@/stores/tab-bar-store.ts';

// react-router's navigate() returns a promise only under a data router, and it settles when the
// navigation does (https://reactrouter.com/api/hooks/useNavigate): nothing here waits for it, hence `void`.

function queryOf(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

/** Follows the route: every page visited becomes a tab (the redirect helper never does). */
export function useTabFollower() {
  const location = useLocation();
  const addTab = useTabBarStore((state) => state.addTab);
  useEffect(() => {
    const route = routeByPath(location.pathname);
    if (!route) return;
    addTab({
      title: route.localeKey,
      name: route.name,
      fullPath: `${location.pathname}${location.search}`,
      query: queryOf(location.search),
      ignoreCache: route.ignoreCache,
    });
  }, [location.pathname, location.search, addTab]);
}

type Action = 'reload' | 'current' | 'left' | 'right' | 'others' | 'all';

export function TabBar() {
  const { t, locale } = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const tabs = useTabBarStore((state) => state.tabs);
  const store = useTabBarStore;
  useTabFollower();

  const activePath = `${location.pathname}${location.search}`;
  const active = tabs.find((tab) => tab.fullPath === activePath);

  const close = (tab: TabEntry) => {
    const next = store.getState().closeTab(tab.fullPath);
    if (tab.fullPath === activePath && next) void navigate(next.fullPath);
  };

  const onAction = (action: Action) => {
    const state = store.getState();
    const current = active ?? DEFAULT_TAB;
    switch (action) {
      case 'reload':
        // Forget the kept page, then pass through the redirect helper so it mounts afresh.
        state.removeCache(current.name);
        void navigate(`/redirect${current.fullPath}`, { replace: true });
        return;
      case 'current':
        close(current);
        return;
      case 'left':
        state.closeLeft(current.fullPath);
        return;
      case 'right':
        state.closeRight(current.fullPath);
        return;
      case 'others':
        state.closeOthers(current.fullPath);
        return;
      case 'all':
        state.closeAll();
        void navigate(DEFAULT_TAB.fullPath);
        return;
    }
  };

  const actions: [Action, string][] = [
    ['reload', t('tabBar.reload')],
    ['current', t('tabBar.closeCurrent')],
    ['left', t('tabBar.closeLeft')],
    ['right', t('tabBar.closeRight')],
    ['others', t('tabBar.closeOthers')],
    ['all', t('tabBar.closeAll')],
  ];

  return (
    <div className="tab-bar" role="tablist">
      <div className="tab-bar-scroll">
        {tabs.map((tab, index) => {
          const isActive = tab.fullPath === activePath;
          return (
            <div
              key={tab.fullPath}
              role="tab"
              aria-selected={isActive}
              tabIndex={0}
              className={isActive ? 'tab-bar-item tab-bar-item-active' : 'tab-bar-item'}
              onClick={() => {
                if (!isActive) void navigate(tab.fullPath);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') void navigate(tab.fullPath);
              }}
            >
              <span className="tab-bar-dot" />
              <span>{dynamicText(locale, tab.title)}</span>
              {index > 0 && (
                <button
                  type="button"
                  className="tab-bar-close"
                  aria-label={`${t('tabBar.closeCurrent')}: ${dynamicText(locale, tab.title)}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    close(tab);
                  }}
                >
                  <IconClose />
                </button>
              )}
            </div>
          );
        })}
      </div>
      <Dropdown
        trigger="click"
        position="br"
        droplist={
          <Menu onClickMenuItem={(key) => onAction(key as Action)}>
            {actions.map(([key, label]) => (
              <Menu.Item key={key}>{label}</Menu.Item>
            ))}
          </Menu>
        }
      >
        <button type="button" className="tab-bar-more" aria-label={t('tabBar.more')}>
          <IconDown />
        </button>
      </Dropdown>
    </div>
  );
}
