import { RightOutlined, UserAddOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Empty, List, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoading } from '../../../components/ui/page-loading';
import { LoadFailed } from '../../../components/ui/load-failed';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { useMerchantProfile } from '../../../lib/use-session';
import { useMemberList } from '../api/members';
import { useMemberPaths } from './member-paths';
import './members.css';

/** `/user/member`: who works for the merchant, their role, groups, last login and suspension. */
export function MemberListScreen() {
  const { t } = useTranslation();
  const clock = useMerchantClock();
  const navigate = useNavigate();
  const profile = useMerchantProfile();
  const members = useMemberList();
  const paths = useMemberPaths();
  const canManage = profile?.permissions.includes('member.manage') ?? false;

  const invite = canManage ? (
    <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={() => void navigate(paths.invite)}>
      {t('members.invite')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader title={t('screen.memberList')} description={t('members.listDescription')} extra={invite} />
      <Card className="members-card">
        {members.isPending ? <PageLoading /> : null}
        {members.isError ? (
          <LoadFailed title={t('members.loadFailed')} description={members.error.message} onRetry={members.refetch} />
        ) : null}
        {members.isSuccess && members.data.length === 0 ? <Empty description={t('members.empty')} /> : null}
        {members.isSuccess && members.data.length > 0 ? (
          <List
            className="member-list"
            dataSource={members.data}
            renderItem={(member) => (
              <List.Item className="member-row">
                <Link to={paths.detail(member.id)} className="member-link" data-testid="member-row">
                  <Avatar src={member.avatar ?? undefined} icon={<UserOutlined aria-hidden />} alt="" />
                  <span className="member-main">
                    <span className="member-name">
                      {member.nickName}
                      {member.isSelf ? <Tag className="member-you">{t('members.you')}</Tag> : null}
                    </span>
                    <span className="member-email">{member.email}</span>
                    <span className="member-tags">
                      <Tag color="blue">{t(`role.${member.role}`)}</Tag>
                      {member.suspended ? <Tag color="red">{t('members.suspended')}</Tag> : null}
                      {member.permissionGroups.map((group) => (
                        <Tag key={group}>{t(`members.group.${group}`)}</Tag>
                      ))}
                    </span>
                    <span className="member-login">
                      {t('members.lastLogin')}:{' '}
                      {member.lastLoginAt ? clock.dateTime(member.lastLoginAt) : t('members.never')}
                    </span>
                  </span>
                  <RightOutlined aria-hidden className="member-chevron" />
                </Link>
              </List.Item>
            )}
          />
        ) : null}
      </Card>
    </>
  );
}
