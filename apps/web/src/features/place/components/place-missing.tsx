import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { StatusPanel } from '../../../components/ui/status-panel';
import { ApiError } from '../../../lib/api-errors';

/** No `?id=`, or a place that is not the merchant's (1105001): say so and lead back to the list. */
export function PlaceMissing({ title, error }: { title: string; error: unknown }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const description = error instanceof ApiError ? error.message : t('error.1105001');
  return (
    <>
      <PageHeader title={title} />
      <StatusPanel
        level={2}
        status="warning"
        title={t('places.missing')}
        description={description}
        actions={<Button onClick={() => void navigate('/user/place')}>{t('places.action.backToList')}</Button>}
      />
    </>
  );
}
