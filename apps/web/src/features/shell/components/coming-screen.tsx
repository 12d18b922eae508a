import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { useScreenTitle } from '../../../components/ui/use-screen-title';

/**
 * The honest page of a screen that a later release builds: its title and a
 * plain note that it is on the way, nothing invented in between.
 */
export function ComingScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle() ?? t('app.title');
  return (
    <>
      <PageHeader title={title} />
      <Card data-testid="coming-screen">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <span className="coming-note">
              <strong>{t('coming.title')}</strong>
              <span>{t('coming.description')}</span>
            </span>
          }
        />
      </Card>
    </>
  );
}
