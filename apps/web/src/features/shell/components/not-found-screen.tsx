import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Any unknown address, and the guards that reject a malformed one. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="standalone-page" data-testid="not-found">
      <Result
        status="404"
        title={<h1 className="result-title">{t('notFound.title')}</h1>}
        subTitle={t('notFound.description')}
        extra={
          <Button type="primary" onClick={() => void navigate('/')}>
            {t('action.backHome')}
          </Button>
        }
      />
    </main>
  );
}
