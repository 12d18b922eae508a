import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { LoadFailed } from './load-failed';

type FiguresQuery = {
  data?: unknown;
  isError: boolean;
  isLoading: boolean;
  error?: Error | null;
  refetch: () => unknown;
};

type LoadingOrFailedProps = {
  query: FiguresQuery;
  /** What could not be loaded, in the screen's words. */
  failedTitle: string;
  /** How many skeleton lines stand in for the figures. */
  rows?: number;
  /** What stands in while loading, when a skeleton does not fit (a spinner in a panel). */
  loading?: ReactNode;
  /** Show the error's own message under the title. */
  withReason?: boolean;
};

/**
 * Before a screen's figures show: a skeleton while they first load, or what failed and "Try again" when there is
 * nothing to show. Nothing once there are figures (a failed refresh keeps the last ones on screen).
 */
export function LoadingOrFailed({ query, failedTitle, rows = 8, loading, withReason }: LoadingOrFailedProps) {
  if (query.isError && !query.data) {
    const reason = withReason ? query.error?.message : undefined;
    return <LoadFailed title={failedTitle} description={reason} onRetry={query.refetch} />;
  }
  if (query.isLoading) return loading ?? <Skeleton active paragraph={{ rows }} />;
  return null;
}
