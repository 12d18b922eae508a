import { Space } from 'antd';
import type { ReactNode } from 'react';
import { RetryButton } from './retry-button';
import { StatusPanel } from './status-panel';

type LoadFailedProps = {
  /** What could not be loaded, in the screen's words. */
  title: string;
  description?: ReactNode;
  /** Loads again: usually the failed query's `refetch`. */
  onRetry: () => unknown;
  /** 1 when the panel is the page; 2 (the default) inside a page that has its own heading. */
  level?: 1 | 2;
  /** Another way on beside the retry (back to the list...). */
  extraAction?: ReactNode;
};

/** A failed load's error state: what failed and a "Retry" button that loads again. */
export function LoadFailed({ title, description, onRetry, level = 2, extraAction }: LoadFailedProps) {
  const retry = <RetryButton onRetry={onRetry} />;
  return (
    <StatusPanel
      level={level}
      status="error"
      title={title}
      description={description}
      actions={
        extraAction ? (
          <Space>
            {retry}
            {extraAction}
          </Space>
        ) : (
          retry
        )
      }
    />
  );
}
