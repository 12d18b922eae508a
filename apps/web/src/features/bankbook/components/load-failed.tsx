import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusPanel } from '../../../components/ui/status-panel';

/** The error state of a bank-account screen: what failed and a retry. */
export function LoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusPanel
      status="error"
      level={2}
      title={t('bankbook.loadFailed')}
      description={error.message}
      actions={<Button onClick={onRetry}>{t('action.retry')}</Button>}
    />
  );
}
