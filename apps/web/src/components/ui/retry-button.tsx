import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

type RetryButtonProps = {
  /** Loads again: usually the failed query's `refetch`. */
  onRetry: () => unknown;
  /** The load is under way again (the query's `isFetching`): the button shows it is busy. */
  retrying?: boolean;
  /** The words on the button; "Try again" (`action.retry`) unless the screen has its own. */
  label?: string;
  /** `large` on the consumer pages, whose buttons are all large; `small` inside an alert. */
  size?: 'large' | 'small';
  /** The screen's main action (a sign-in that failed), not a secondary one beside what failed. */
  primary?: boolean;
};

/** The one "Try again" action after a failed load: the error panels put it under what failed. */
export function RetryButton({ onRetry, retrying, label, size, primary }: RetryButtonProps) {
  const { t } = useTranslation();
  return (
    <Button type={primary ? 'primary' : 'default'} size={size} onClick={() => void onRetry()} loading={retrying}>
      {label ?? t('action.retry')}
    </Button>
  );
}
