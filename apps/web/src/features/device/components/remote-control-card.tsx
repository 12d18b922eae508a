import { remoteAvailability, type DeviceInfo, type RemoteAction, type RemoteCommand } from '@sbo/contracts';
import { Alert, Button, Card, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/messages';
import { useRemoteAction } from '../api/remote-action';
import { dangerousActions, groupActions } from '../utils/remote-actions';
import { RemoteActionDialog } from './remote-action-dialog';

/**
 * Every remote action of spec section 4 that this machine supports, each confirmed and acknowledged.
 * An action the machine does not accept in its present state is shown disabled with why (the rule
 * the api enforces, `remoteAvailability`); a machine without a controller is offered none.
 */
export function RemoteControlCard({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation();
  const [action, setAction] = useState<RemoteAction | null>(null);
  const remote = useRemoteAction(device);
  const groups = groupActions(device.remoteActions);
  if (groups.length === 0) return null;

  const send = (command: RemoteCommand) =>
    remote.mutate(command, {
      onSuccess: () => toast.success(t('devices.remote.done', { action: t(`devices.action.${command.action}`) })),
      onSettled: () => setAction(null),
    });
  const status = t(`devices.status.${device.status}`);
  const anyUnavailable = device.remoteActions.some((item) => {
    const availability = remoteAvailability(item, device);
    return !availability.available && availability.reason !== 'offline';
  });

  return (
    <Card title={t('devices.remote.title')} className="device-card-section" data-testid="remote-control">
      {!device.hwid ? (
        <Alert type="warning" showIcon title={t('devices.remote.unbound')} className="remote-note" />
      ) : !device.online ? (
        <Alert type="warning" showIcon title={t('devices.remote.offline')} className="remote-note" />
      ) : anyUnavailable ? (
        <Typography.Paragraph type="secondary" className="remote-note" data-testid="remote-state-note">
          {t('devices.remote.stateNote', { status })}
        </Typography.Paragraph>
      ) : null}
      {device.hwid
        ? groups.map((group) => (
            <section key={group.key} className="remote-group" aria-labelledby={`remote-group-${group.key}`}>
              <Typography.Title level={3} id={`remote-group-${group.key}`} className="remote-group-title">
                {t(`devices.remote.group.${group.key}`)}
              </Typography.Title>
              <div className="remote-actions">
                {group.actions.map((item) => {
                  const availability = remoteAvailability(item, device);
                  const why = availability.available
                    ? null
                    : t(`devices.unavailable.${availability.reason}`, { status });
                  const button = (
                    <Button
                      key={item}
                      danger={dangerousActions.has(item)}
                      loading={remote.isPending && remote.variables?.action === item}
                      disabled={!availability.available || (remote.isPending && remote.variables?.action !== item)}
                      onClick={() => setAction(item)}
                      data-action={item}
                      data-unavailable={availability.available ? undefined : availability.reason}
                      aria-description={why ?? undefined}
                    >
                      {t(`devices.action.${item}`)}
                    </Button>
                  );
                  return why ? (
                    <Tooltip key={item} title={why}>
                      {button}
                    </Tooltip>
                  ) : (
                    button
                  );
                })}
              </div>
            </section>
          ))
        : null}
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
