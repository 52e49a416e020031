import { Breadcrumb } from '@arco-design/web-react';
import { IconApps } from '@arco-design/web-react/icon';
import { useLocation } from 'react-router';
import { routeByPath } from '@/app/route-table.ts';
import { dynamicText, useT } from '@/locale/index.ts';

/** Group and page of the current route, from the route table. */
export function AppBreadcrumb() {
  const { locale } = useT();
  const { pathname } = useLocation();
  const route = routeByPath(pathname);
  if (!route) return null;
  return (
    <Breadcrumb className="layout-breadcrumb">
      <Breadcrumb.Item>
        <IconApps />
      </Breadcrumb.Item>
      {route.trail.map((key) => (
        <Breadcrumb.Item key={key}>{dynamicText(locale, key)}</Breadcrumb.Item>
      ))}
    </Breadcrumb>
  );
}
