import { Button, Card, Descriptions } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageLoading } from '../../../components/ui/page-loading';
import { StatusPanel } from '../../../components/ui/status-panel';
import { pendingInviteCode, takeInviteCodeFromAddress } from '../../../lib/invite-code';
import { clockIn } from '../../../lib/merchant-clock';
import { toast } from '../../../lib/messages';
import { useAcceptInvitation, useInvitationPreview } from '../api/invitations';
import './members.css';

/** `/invite-accept?inviteCode=`: a signed-in user sees the invitation and joins the merchant. */
export function InviteAcceptScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // Read once: the code then leaves the address bar and the history list (it is a key to the merchant).
  const [code] = useState(() =>
    pendingInviteCode(new URL(`${location.pathname}${location.search}`, window.location.href)),
  );
  useEffect(() => takeInviteCodeFromAddress(code), [code]);
  const preview = useInvitationPreview(code);
  const accept = useAcceptInvitation();
  const toMerchants = () => void navigate('/merchant-login', { replace: true });

  const join = () =>
    accept.mutate(code, {
      onSuccess: () => {
        toast.success(t('members.joinedMerchant'));
        toMerchants();
      },
    });

  return (
    <section className="invite-accept" aria-labelledby="invite-accept-heading">
      <h1 className="invite-accept-heading" id="invite-accept-heading">
        {t('screen.inviteAccept')}
      </h1>
      {preview.isPending ? <PageLoading /> : null}
      {preview.isError ? (
        <Card>
          <StatusPanel
            level={2}
            status="error"
            title={t('members.invitationUnusable')}
            description={preview.error.message}
            actions={<Button onClick={toMerchants}>{t('members.toMerchants')}</Button>}
          />
        </Card>
      ) : null}
      {preview.isSuccess ? (
        <Card>
          <h2 className="invite-accept-title">{t('members.acceptTitle', { merchant: preview.data.merchantName })}</h2>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('members.merchant')}>{preview.data.merchantName}</Descriptions.Item>
            <Descriptions.Item label={t('members.role')}>{t(`role.${preview.data.role}`)}</Descriptions.Item>
            <Descriptions.Item label={t('members.inviter')}>{preview.data.inviterName}</Descriptions.Item>
            <Descriptions.Item label={t('members.validUntil')}>
              {/* Not yet the user's merchant: its clock, named. */}
              {t('members.timeInZone', {
                time: clockIn(preview.data.timeZone).dateTime(preview.data.expiresAt),
                zone: preview.data.timeZone,
              })}
            </Descriptions.Item>
          </Descriptions>
          <div className="member-actions">
            <Button onClick={toMerchants}>{t('members.decline')}</Button>
            <Button type="primary" onClick={join} loading={accept.isPending}>
              {t('members.accept')}
            </Button>
          </div>
        </Card>
      ) : null}
    </section>
  );
}
