import { Button, Card, Descriptions, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DetailLoadFailed } from '../../../components/ui/detail-load-failed';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoading } from '../../../components/ui/page-loading';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { confirmThen } from '../../../lib/confirm-then';
import { useMerchantProfile } from '../../../lib/use-session';
import { useMember, useMemberAction } from '../api/members';
import { MemberAccessForm } from './member-access-form';
import { useMemberPaths } from './member-paths';
import { canManageMember } from './member-rules';
import './members.css';

/** `/user/member/:memberID`: role, permission groups, device whitelist; suspend, reinstate, remove. */
export function MemberDetailScreen() {
  const { t } = useTranslation();
  const clock = useMerchantClock();
  const navigate = useNavigate();
  const memberId = Number(useParams().memberID);
  const profile = useMerchantProfile();
  const member = useMember(memberId);
  const action = useMemberAction(memberId);
  const paths = useMemberPaths();

  if (member.isPending) return <PageLoading />;
  if (member.isError) {
    return (
      <DetailLoadFailed
        screenTitle={t('screen.memberDetail')}
        title={t('members.loadFailed')}
        description={member.error.message}
        onRetry={member.refetch}
        backTo={paths.list}
      />
    );
  }
  const data = member.data;
  const manageable = profile ? canManageMember(profile, data) : false;

  const confirm = (question: string, run: () => Promise<unknown>, done: string) =>
    confirmThen({ title: t('action.confirm'), content: question }, run, done);
  const suspendOrReinstate = () =>
    data.suspended
      ? confirm(
          t('members.reinstateConfirm', { name: data.nickName }),
          () => action.mutateAsync({ kind: 'reinstate' }),
          t('members.reinstated'),
        )
      : confirm(
          t('members.suspendConfirm', { name: data.nickName }),
          () => action.mutateAsync({ kind: 'suspend' }),
          t('members.suspendedDone'),
        );
  const remove = () =>
    confirm(
      t('members.removeConfirm', { name: data.nickName }),
      async () => {
        await action.mutateAsync({ kind: 'remove' });
        await navigate(paths.list, { replace: true });
      },
      t('members.removed'),
    ).catch(() => undefined);

  return (
    <>
      <PageHeader title={data.nickName} description={data.email} />
      <Card title={t('members.summary')} className="member-form-section">
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('members.role')}>{t(`role.${data.role}`)}</Descriptions.Item>
          <Descriptions.Item label={t('members.status')}>
            {data.suspended ? t('members.suspended') : t('members.active')}
          </Descriptions.Item>
          <Descriptions.Item label={t('members.lastLogin')}>
            {data.lastLoginAt ? clock.dateTime(data.lastLoginAt) : t('members.never')}
          </Descriptions.Item>
          <Descriptions.Item label={t('members.joined')}>{clock.dateTime(data.createdAt)}</Descriptions.Item>
        </Descriptions>
      </Card>
      {profile ? (
        <MemberAccessForm key={JSON.stringify(data)} member={data} actor={profile} editable={manageable} />
      ) : null}
      <Card title={t('members.membership')} className="member-form-section">
        {manageable ? (
          <div className="member-actions">
            <Button danger={!data.suspended} onClick={() => void suspendOrReinstate().catch(() => undefined)}>
              {data.suspended ? t('members.reinstate') : t('members.suspend')}
            </Button>
            <Button danger type="primary" onClick={() => void remove()}>
              {t('members.remove')}
            </Button>
          </div>
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={data.isSelf ? t('members.selfNote') : t('members.readOnly')}
          />
        )}
      </Card>
    </>
  );
}
