import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageLoading } from '../../../components/ui/page-loading';
import { StatusPanel } from '../../../components/ui/status-panel';

const NotFoundScreen = lazy(() => import('./not-found-screen').then((module) => ({ default: module.NotFoundScreen })));

/**
 * The root error boundary: a guard's 404 shows the not-found screen; anything
 * else (most often a screen's code that failed to download after a deploy)
 * offers a reload.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={<PageLoading />}>
        <NotFoundScreen />
      </Suspense>
    );
  }
  console.error(error);
  return (
    <main className="standalone-page" data-testid="route-error">
      <StatusPanel
        status="error"
        title={t('routeError.title')}
        description={t('routeError.description')}
        actions={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('action.reload')}
          </Button>
        }
      />
    </main>
  );
}
