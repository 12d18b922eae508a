import type { DeviceInfo, RemoteAction, RemoteCommand } from '@sbo/contracts';
import { Alert, Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/messages';
import { useRemoteAction } from '../api/remote-action';
import { dangerousActions, groupActions } from '../utils/remote-actions';
import { RemoteActionDialog } from './remote-action-dialog';

/** Every remote action of spec section 4 that this machine supports, each confirmed and acknowledged. */
export function RemoteControlCard({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation();
  const [action, setAction] = useState<RemoteAction | null>(null);
  const remote = useRemoteAction(device.id);
  const groups = groupActions(device.remoteActions);
  if (groups.length === 0) return null;

  const send = (command: RemoteCommand) =>
    remote.mutate(command, {
      onSuccess: () => toast.success(t('devices.remote.done', { action: t(`devices.action.${command.action}`) })),
      onSettled: () => setAction(null),
    });

  return (
    <Card title={t('devices.remote.title')} className="device-card-section" data-testid="remote-control">
      {!device.hwid ? (
        <Alert type="warning" showIcon title={t('devices.remote.unbound')} className="remote-note" />
      ) : !device.online ? (
        <Alert type="warning" showIcon title={t('devices.remote.offline')} className="remote-note" />
      ) : null}
      {groups.map((group) => (
        <section key={group.key} className="remote-group" aria-labelledby={`remote-group-${group.key}`}>
          <Typography.Title level={3} id={`remote-group-${group.key}`} className="remote-group-title">
            {t(`devices.remote.group.${group.key}`)}
          </Typography.Title>
          <div className="remote-actions">
            {group.actions.map((item) => (
              <Button
                key={item}
                danger={dangerousActions.has(item)}
                loading={remote.isPending && remote.variables?.action === item}
                disabled={remote.isPending && remote.variables?.action !== item}
                onClick={() => setAction(item)}
                data-action={item}
              >
                {t(`devices.action.${item}`)}
              </Button>
            ))}
          </div>
        </section>
      ))}
      <RemoteActionDialog
        device={device}
        action={action}
        pending={remote.isPending}
        onSend={send}
        onClose={() => setAction(null)}
      />
    </Card>
  );
}
