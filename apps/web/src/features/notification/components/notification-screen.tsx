import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useMerchantProfile } from '../../../lib/use-session';
import { NotificationList } from './notification-list';
import { NotificationSettingsPanel } from './notification-settings';
import { ThresholdsPanel } from './thresholds-panel';
import './notifications.css';

/**
 * `/user/notification`: the member's notification centre (`?tab=settings` their own settings, and for
 * owners and managers the merchant's alert thresholds). Only with the notification permission.
 */
export function NotificationScreen() {
  const { t } = useTranslation();
  const permissions = useMerchantProfile()?.permissions ?? [];
  const [search, setSearch] = useSearchParams();
  if (!permissions.includes('notification.read'))
    return (
      <StatusPanel status="warning" title={t('notification.noAccess')} description={t('notification.noAccessNote')} />
    );

  const canManage = permissions.includes('notification.manage');
  const canTune = permissions.includes('notification.thresholds');
  const tab = search.get('tab') === 'settings' && canManage ? 'settings' : 'list';
  const pick = (key: string) => setSearch(key === 'settings' ? { tab: 'settings' } : {}, { replace: true });

  return (
    <>
      <PageHeader title={t('screen.notification')} />
      <Card className="notification-card">
        <Tabs
          activeKey={tab}
          onChange={pick}
          items={[
            { key: 'list', label: t('notification.tab.list'), children: <NotificationList /> },
            ...(canManage
              ? [
                  {
                    key: 'settings',
                    label: t('notification.tab.settings'),
                    children: (
                      <div className="notification-settings-tab">
                        <NotificationSettingsPanel />
                        {canTune ? <ThresholdsPanel /> : null}
                      </div>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
    </>
  );
}
