import type { InvitableRole } from '@sbo/contracts';
import { Button, Card, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { useMerchantProfile } from '../../../lib/use-session';
import { useCreateInvitation } from '../api/invitations';
import { useMemberPaths } from './member-paths';
import { assignableRoles } from './member-rules';
import './members.css';

/** `/user/member/invite`: pick the role to invite as, then create a one-day, single-use code. */
export function MemberInviteScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useMerchantProfile();
  const create = useCreateInvitation();
  const paths = useMemberPaths();
  const roles = (profile ? assignableRoles(profile) : []).filter((role): role is InvitableRole => role !== 'merchant');
  const [role, setRole] = useState<InvitableRole>('storeManager');

  const submit = () =>
    create.mutate(role, {
      onSuccess: (invitation) => {
        const query = new URLSearchParams({
          code: invitation.code,
          role: invitation.role,
          expiresAt: invitation.expiresAt,
        });
        void navigate(`${paths.inviteLink}?${query.toString()}`);
      },
    });

  return (
    <>
      <PageHeader title={t('screen.memberInvite')} description={t('members.inviteDescription')} />
      <Card>
        <fieldset className="invite-fieldset">
          <legend className="invite-legend">{t('members.inviteAs')}</legend>
          <Radio.Group
            value={role}
            onChange={(event) => setRole(event.target.value as InvitableRole)}
            className="invite-roles"
          >
            {roles.map((option) => (
              <Radio key={option} value={option}>
                <strong>{t(`role.${option}`)}</strong>
                <span className="invite-role-help"> — {t(`members.roleHelp.${option}`)}</span>
              </Radio>
            ))}
          </Radio.Group>
        </fieldset>
        <div className="member-actions invite-submit">
          <Button onClick={() => void navigate(paths.list)}>{t('action.back')}</Button>
          <Button type="primary" onClick={submit} loading={create.isPending}>
            {t('members.createInvitation')}
          </Button>
        </div>
      </Card>
    </>
  );
}
