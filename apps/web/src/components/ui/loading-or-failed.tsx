import { Skeleton } from 'antd';
import { LoadFailed } from './load-failed';

type FiguresQuery = { data?: unknown; isError: boolean; isLoading: boolean; refetch: () => unknown };

type LoadingOrFailedProps = {
  query: FiguresQuery;
  /** What could not be loaded, in the screen's words. */
  failedTitle: string;
  /** How many skeleton lines stand in for the figures. */
  rows?: number;
};

/**
 * Before a screen's figures show: a skeleton while they first load, or what failed and "Try again" when there is
 * nothing to show. Nothing once there are figures (a failed refresh keeps the last ones on screen).
 */
export function LoadingOrFailed({ query, failedTitle, rows = 8 }: LoadingOrFailedProps) {
  if (query.isError && !query.data) return <LoadFailed title={failedTitle} onRetry={query.refetch} />;
  if (query.isLoading) return <Skeleton active paragraph={{ rows }} />;
  return null;
}
