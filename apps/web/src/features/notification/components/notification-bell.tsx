import { BellOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getMerchantToken } from '../../../lib/auth-storage';
import { useMerchantProfile } from '../../../lib/use-session';
import { useLiveNotifications } from '../api/live-notifications';
import { useUnreadCount } from '../api/unread-count';

/**
 * The header's bell: the member's unread count, kept current by the app's one notification stream,
 * leading to the notification centre. Members without the notification permission see nothing.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const profile = useMerchantProfile();
  const allowed = profile?.permissions.includes('notification.read') ?? false;
  useLiveNotifications(allowed, allowed ? getMerchantToken() : null);
  const count = useUnreadCount(allowed).data?.unread ?? 0;
  if (!allowed) return null;
  return (
    <Link
      to="/user/notification"
      className="header-bell"
      data-testid="notification-bell"
      aria-label={t('header.notifications', { count })}
    >
      <Badge count={count} overflowCount={99} size="small" data-testid="notification-badge">
        <BellOutlined className="header-bell-icon" aria-hidden />
      </Badge>
    </Link>
  );
}
