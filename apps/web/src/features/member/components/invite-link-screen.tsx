import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CopyLinkField } from '../../../components/ui/copy-link-field';
import { PageHeader } from '../../../components/ui/page-header';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { InviteQrCode } from './invite-qr-code';
import { useMemberPaths } from './member-paths';
import './members.css';

/** `/user/member/invite-link`: the link to share, to copy or to scan. */
export function InviteLinkScreen() {
  const { t } = useTranslation();
  const clock = useMerchantClock();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const paths = useMemberPaths();
  const code = params.get('code');
  const role = params.get('role');
  const expiresAt = params.get('expiresAt');

  if (!code) {
    return (
      <>
        <PageHeader title={t('screen.memberInviteLink')} />
        <Card>
          <StatusPanel
            level={2}
            status="warning"
            title={t('members.noInvitation')}
            actions={
              <Button type="primary" onClick={() => void navigate(paths.invite)}>
                {t('members.createInvitation')}
              </Button>
            }
          />
        </Card>
      </>
    );
  }
  const link = `${window.location.origin}/invite-accept?inviteCode=${encodeURIComponent(code)}`;

  return (
    <>
      <PageHeader title={t('screen.memberInviteLink')} description={t('members.linkDescription')} />
      <Card>
        <div className="invite-link-body">
          <div className="invite-link-text">
            <CopyLinkField
              id="invite-link"
              link={link}
              labelClassName="invite-legend"
              texts={{
                label: t('members.link'),
                copy: t('members.copy'),
                copied: t('members.copied'),
                copyFailed: t('members.copyFailed'),
              }}
            />
            <Typography.Paragraph type="secondary" className="invite-meta">
              {role ? t('members.linkRole', { role: t(`role.${role}`) }) : null}{' '}
              {expiresAt ? t('members.linkExpires', { time: clock.dateTime(expiresAt) }) : null}
            </Typography.Paragraph>
            <Button onClick={() => void navigate(paths.list)}>{t('members.backToList')}</Button>
          </div>
          <InviteQrCode text={link} label={t('members.qrLabel')} />
        </div>
      </Card>
    </>
  );
}
