import { Button } from '@arco-design/web-react';
import { IconExclamationCircleFill } from '@arco-design/web-react/icon';
import { useRouteError } from 'react-router';
import { useT } from '@/locale/index.ts';

/**
 * Shown when a page fails to load or render, typically a chunk lost after a redeploy.
 * Deliberately plain (no Arco Result): it is part of every page's first download.
 */
export function RouteError() {
  const { t } = useT();
  const error = useRouteError();
  return (
    <div className="page-exception" role="alert">
      <div className="route-error">
        <IconExclamationCircleFill className="route-error-icon" />
        <div className="route-error-title">{t('exception.loadFailed')}</div>
        {error instanceof Error && <div className="route-error-detail">{error.message}</div>}
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('exception.reload')}
        </Button>
      </div>
    </div>
  );
}
