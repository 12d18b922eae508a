import { Spin } from 'antd';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isHostNeeded, loading, subscribeToHostDemand } from '../../lib/messages';

const MessageHost = lazy(() => import('./message-host').then((module) => ({ default: module.MessageHost })));

/**
 * Mounts the message host the first time any code asks for a dialog or a toast,
 * so the first screen does not download antd's modal and notification code.
 * The loading overlay is light and always ready.
 */
export function MessageHostSlot() {
  const { t } = useTranslation();
  const hostNeeded = useSyncExternalStore(subscribeToHostDemand, isHostNeeded);
  const loadingVisible = useSyncExternalStore(loading.subscribe, loading.isVisible);
  return (
    <>
      {hostNeeded ? (
        <Suspense fallback={null}>
          <MessageHost />
        </Suspense>
      ) : null}
      <Spin fullscreen spinning={loadingVisible} description={t('app.loading')} />
    </>
  );
}
