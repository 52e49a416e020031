import { Fragment, Suspense, useRef, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { routeByPath } from '@/app/route-table.ts';
import { useDisplayTimeZone } from '@/lib/time-zone.ts';
import { useSettingsStore } from '@/stores/settings-store.ts';
import { useTabBarStore } from '@/stores/tab-bar-store.ts';
import { PageLoading } from './page-loading.tsx';

/**
 * The page area. With the tab bar on, pages whose tab is open stay mounted while another
 * tab is shown (the React counterpart of Arco Pro's keep-alive): switching tabs keeps a
 * search, a page number or a half-typed form. Pages marked `ignoreCache` always mount
 * afresh, and closing a tab unmounts its page. With the tab bar off nothing is kept,
 * because nothing would ever close it.
 *
 * Pages are drawn afresh when the account's time zone changes (a setting saved, or `me`
 * naming another zone than the browser's): every time they show is formatted in it.
 */
export function PageContent() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const tabBar = useSettingsStore((state) => state.tabBar);
  const cacheList = useTabBarStore((state) => state.cacheList);
  const kept = useRef(new Map<string, ReactNode>());
  const timeZone = useDisplayTimeZone();

  const route = routeByPath(pathname);
  const name = route?.name;
  const keep = tabBar && route !== undefined && !route.ignoreCache;
  if (keep && name) kept.current.set(name, outlet);
  for (const key of [...kept.current.keys()]) {
    if (!tabBar || (key !== name && !cacheList.includes(key))) kept.current.delete(key);
  }

  return (
    <Suspense fallback={<PageLoading />}>
      <Fragment key={timeZone}>
        {[...kept.current].map(([key, element]) => (
          <div key={key} className="kept-page" hidden={key !== name}>
            {element}
          </div>
        ))}
        {!keep && <div key={`live:${pathname}`}>{outlet}</div>}
      </Fragment>
    </Suspense>
  );
}
