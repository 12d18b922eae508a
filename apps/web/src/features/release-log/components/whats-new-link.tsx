import { NotificationOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useWhatsNew } from '../whats-new';

/** The header's way to the release notes, with a dot while there are notes this user has not seen. */
export function WhatsNewLink({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { unseen } = useWhatsNew();
  const label = unseen > 0 ? t('releaseLog.whatsNewUnseen', { count: unseen }) : t('releaseLog.whatsNew');
  return (
    <Badge dot={unseen > 0} offset={compact ? [-6, 6] : [-2, 2]} data-testid="whats-new" data-unseen={unseen}>
      <Button
        type={compact ? 'text' : 'default'}
        icon={<NotificationOutlined />}
        aria-label={label}
        title={label}
        onClick={() => void navigate('/user/app')}
      >
        {compact ? null : t('releaseLog.whatsNew')}
      </Button>
    </Badge>
  );
}

/** A dot beside the menu's link to the release notes while there are unseen notes. */
export function WhatsNewDot() {
  const { t } = useTranslation();
  const { unseen } = useWhatsNew();
  if (unseen === 0) return null;
  return <Badge color="red" className="whats-new-dot" title={t('releaseLog.unseenShort', { count: unseen })} />;
}
