import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown while a screen's code or first data arrives. */
export function PageLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <Spin size="large" />
      <span>{label ?? t('app.loading')}</span>
    </div>
  );
}
