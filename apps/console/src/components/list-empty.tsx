import { Button, Empty } from '@arco-design/web-react';
import { IconExclamationCircleFill, IconRefresh } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import { useT } from '@/locale/index.ts';
import './list-empty.css';

/** What a list's query says of its last load: TanStack Query's result, in part. */
export interface ListLoad {
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** The reason a load failed, as the request layer worded it (in the user's language). */
function reasonOf(error: unknown): string | undefined {
  return error instanceof Error && error.message.trim() !== '' ? error.message : undefined;
}

/**
 * A load that failed: what failed, why, and Retry. Never the first-use empty state, so a
 * seller whose list did not arrive is not told they have nothing yet.
 */
export function LoadFailed({
  load,
  title,
  className,
}: {
  /** The failed query: its error says why, Retry refetches it. */
  load: ListLoad;
  /** What did not load; "The list could not be loaded" by default. */
  title?: string;
  className?: string;
}) {
  const { t } = useT();
  const reason = reasonOf(load.error);
  return (
    <Empty
      className={['load-failed', className].filter(Boolean).join(' ')}
      icon={<IconExclamationCircleFill className="load-failed-icon" />}
      description={
        <div role="alert" className="load-failed-body">
          <div className="load-failed-title">{title ?? t('list.loadFailed')}</div>
          {reason && <div className="load-failed-reason">{reason}</div>}
          <Button
            size="small"
            type="primary"
            icon={<IconRefresh />}
            loading={load.isFetching}
            onClick={() => void load.refetch()}
            className="load-failed-retry"
          >
            {t('list.retry')}
          </Button>
        </div>
      }
    />
  );
}

/**
 * What a list shows without rows: the failed load with Retry when its query failed, else
 * the list's own empty state. Every list of the console (tables, the message lists, the
 * follow-up history) uses it, so no failure ever reads as "nothing here yet".
 */
export function ListEmpty({
  load,
  description,
  className,
}: {
  load: ListLoad;
  /** The list's empty state, for a load that succeeded with no rows. */
  description: ReactNode;
  className?: string;
}) {
  if (load.isError) {
    return <LoadFailed load={load} className={className} />;
  }
  return <Empty className={className} description={description} />;
}
