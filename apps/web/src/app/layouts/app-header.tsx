import { LogoutOutlined, MenuOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSelect } from '../../components/ui/language-select';
import { useLogout } from '../../features/sign-in/api/logout';
import { WhatsNewLink } from '../../features/release-log/components/whats-new-link';
import { NotificationBell } from '../../features/notification/components/notification-bell';
import { useConfirmedLogout } from '../../lib/use-confirmed-logout';
import { useMerchantProfile } from '../../lib/use-session';

type AppHeaderProps = { phone: boolean; onOpenMenu: () => void };

/** Who is working in which merchant, and the ways out: language, switch merchant, log out. */
export function AppHeader({ phone, onOpenMenu }: AppHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useMerchantProfile();
  const logout = useConfirmedLogout(useLogout());
  const switchMerchant = () => void navigate('/merchant-login');
  const signOut = () => void logout();
  const role = profile ? t(`role.${profile.member.rbacRole}`) : '';

  const identity = (
    <div className="header-identity">
      {/* Cut with CSS, not antd's measuring ellipsis: that measured and drew the header again in a layout
          effect, in the first screen's task. */}
      <strong className="header-merchant" data-testid="header-merchant" title={profile?.businessInfo.companyName}>
        {profile?.businessInfo.companyName}
      </strong>
      {profile ? (
        <Tag color="blue" className="header-role" data-testid="header-role">
          {role}
        </Tag>
      ) : null}
    </div>
  );

  if (phone) {
    return (
      <header className="app-header app-header-phone">
        <Button type="text" icon={<MenuOutlined />} aria-label={t('action.openMenu')} onClick={onOpenMenu} />
        {identity}
        <WhatsNewLink compact />
        <NotificationBell />
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'switch', icon: <SwapOutlined />, label: t('action.switchMerchant'), onClick: switchMerchant },
              { key: 'logout', icon: <LogoutOutlined />, label: t('action.logout'), onClick: signOut },
            ],
          }}
        >
          <Button type="text" icon={<UserOutlined />} aria-label={t('header.account')} />
        </Dropdown>
      </header>
    );
  }

  return (
    <header className="app-header">
      {identity}
      <Space size="middle" className="header-actions">
        <WhatsNewLink compact />
        <NotificationBell />
        <LanguageSelect className="header-language" />
        <Button icon={<SwapOutlined />} onClick={switchMerchant}>
          {t('action.switchMerchant')}
        </Button>
        <Button icon={<LogoutOutlined />} onClick={signOut}>
          {t('action.logout')}
        </Button>
      </Space>
    </header>
  );
}
