import { Button } from '@arco-design/web-react';
import { IconExclamationCircleFill } from '@arco-design/web-react/icon';
import { Component, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useT } from '@/locale/index.ts';

/**
 * Shown when a page fails to load or render, typically a chunk lost after a redeploy.
 * Deliberately plain (no Arco Result): it is part of every page's first download.
 */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useT();
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

interface BoundaryProps {
  /** The location the pages below render; moving elsewhere clears a shown failure. */
  locationKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  /** The location that failed. */
  failedAt: string | null;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    // Another page is a new chance: the failure stays with the page that failed.
    if (state.failedAt === null || state.failedAt === props.locationKey) return null;
    return { failed: false, error: null, failedAt: null };
  }

  override componentDidCatch() {
    this.setState({ failedAt: this.props.locationKey });
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** Catches what the routes below throw while loading or rendering, and shows `RouteError`. */
export function RouteErrorBoundary() {
  const location = useLocation();
  return (
    <ErrorBoundary locationKey={location.key}>
      <Outlet />
    </ErrorBoundary>
  );
}
