import { RightOutlined } from '@ant-design/icons';
import type { Permission } from '@sbo/contracts';
import { Button, Card, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { useConfirmedLogout } from '../../../lib/use-confirmed-logout';
import { useMerchantProfile } from '../../../lib/use-session';
import { useSignOut } from '../api/profile';
import './profile.css';

const entries: ReadonlyArray<{ path: string; labelKey: string; permission?: Permission }> = [
  { path: '/user/profile', labelKey: 'screen.profile' },
  { path: '/user/location', labelKey: 'screen.language' },
  { path: '/user/notification', labelKey: 'screen.notification', permission: 'notification.read' },
  { path: '/user/member', labelKey: 'screen.memberList', permission: 'member.read' },
  { path: '/user/merchant', labelKey: 'screen.merchantInfo', permission: 'merchant.read' },
  { path: '/user/payment', labelKey: 'screen.payment', permission: 'payment.read' },
  { path: '/user/app', labelKey: 'screen.releaseLog' },
];

/** `/user`: the settings a member may open, the merchant switch and sign-out. */
export function PreferencesScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const merchant = useMerchantProfile();
  const logout = useConfirmedLogout(useSignOut());
  const visible = entries.filter((entry) => !entry.permission || merchant?.permissions.includes(entry.permission));

  return (
    <>
      <PageHeader title={t('screen.preferences')} description={merchant?.businessInfo.companyName} />
      <Card>
        <List
          className="preferences-list"
          dataSource={visible}
          renderItem={(entry) => (
            <List.Item>
              <Link to={entry.path}>
                <span>{t(entry.labelKey)}</span>
                <RightOutlined aria-hidden />
              </Link>
            </List.Item>
          )}
        />
        <div className="preferences-actions">
          <Button onClick={() => void navigate('/merchant-login')}>{t('action.switchMerchant')}</Button>
          <Button danger onClick={() => void logout()}>
            {t('action.logout')}
          </Button>
        </div>
      </Card>
    </>
  );
}
