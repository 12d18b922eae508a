import { permissionGroups, type MemberDetail, type MerchantProfile, type PermissionGroup } from '@sbo/contracts';
import { Alert, Button, Card, Checkbox, Form, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/messages';
import { deviceChoice } from '../../../lib/picker-queries';
import { useDeviceOptions } from '../api/device-options';
import { useMemberAction } from '../api/members';
import { assignableRoles, grantableGroup, groupsForRole } from './member-rules';

type Props = { member: MemberDetail; actor: MerchantProfile; editable: boolean };

/** Role, permission groups and device whitelist of one member, saved together. */
export function MemberAccessForm({ member, actor, editable }: Props) {
  const { t } = useTranslation();
  const action = useMemberAction(member.id);
  const [role, setRole] = useState(member.role);
  const [groups, setGroups] = useState<PermissionGroup[]>(member.permissionGroups);
  const [whitelistOn, setWhitelistOn] = useState(member.deviceWhitelist.enabled);
  const [deviceIds, setDeviceIds] = useState<number[]>(member.deviceWhitelist.deviceIds);
  const devices = useDeviceOptions(editable || member.deviceWhitelist.enabled);
  const roles = assignableRoles(actor);
  const roleOptions = (roles.includes(member.role) ? roles : [member.role, ...roles]).map((value) => ({
    value,
    label: t(`role.${value}`),
  }));
  const needsDevices = whitelistOn && deviceIds.length === 0;

  // mutateAsync: the form is remounted with the saved member before a mutate callback would run.
  const save = () =>
    action
      .mutateAsync({
        kind: 'update',
        change: {
          ...(role !== member.role ? { role } : {}),
          permissionGroups: groups,
          deviceWhitelist: { enabled: whitelistOn, deviceIds },
        },
      })
      .then(
        () => toast.success(t('members.saved')),
        () => undefined,
      );

  return (
    <Card title={t('members.access')} className="member-form-section">
      <Form layout="vertical" onFinish={save} disabled={!editable}>
        <Form.Item label={t('members.role')} htmlFor="member-role">
          <Select id="member-role" value={role} onChange={setRole} options={roleOptions} className="member-role" />
        </Form.Item>
        <Form.Item label={t('members.groups')}>
          <Checkbox.Group
            value={groups}
            onChange={(next) => setGroups(next as PermissionGroup[])}
            aria-label={t('members.groups')}
            options={permissionGroups
              .filter((group) => groupsForRole(role).includes(group) || groups.includes(group))
              .map((group) => ({
                value: group,
                label: t(`members.group.${group}`),
                disabled: !grantableGroup(actor, group) && !member.permissionGroups.includes(group),
              }))}
          />
        </Form.Item>
        <Form.Item label={t('members.whitelist')} extra={t('members.whitelistHelp')}>
          <label className="member-switch">
            <Switch checked={whitelistOn} onChange={setWhitelistOn} />
            <span>{t('members.whitelistEnable')}</span>
          </label>
        </Form.Item>
        {whitelistOn ? (
          <Form.Item label={t('members.devices')} htmlFor="member-devices">
            <Select
              id="member-devices"
              mode="multiple"
              value={deviceIds}
              onChange={setDeviceIds}
              loading={devices.isPending}
              placeholder={t('members.pickDevices')}
              showSearch={{ optionFilterProp: 'label' }}
              options={(devices.data?.items ?? []).map(deviceChoice)}
            />
          </Form.Item>
        ) : null}
        {needsDevices ? <Alert type="warning" showIcon title={t('members.needsDevices')} /> : null}
        {editable ? (
          <Button type="primary" htmlType="submit" loading={action.isPending} disabled={needsDevices}>
            {t('members.save')}
          </Button>
        ) : null}
      </Form>
    </Card>
  );
}
