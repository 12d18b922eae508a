import { ErrorCode } from '@sbo/contracts/errors';
import type { DeviceInfo, RemoteCommand } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, type ApiResult } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-errors';
import { i18n } from '../../../lib/i18n';
import { showMessage } from '../../../lib/messages';
import { showCommandFailure } from '../utils/remote-failure';
import { deviceInfoQuery } from './device-info';
import { deviceKeys } from './keys';

export type CommandResult = ApiResult<typeof apiRoutes.deviceRemote>;

/**
 * `POST device-cloud/{id}/remote`: answers once the device acknowledged the action
 * (or with its refusal code, or 1702001 when it stays silent).
 */
function sendRemoteAction(id: number, command: RemoteCommand): Promise<CommandResult> {
  return callApi(apiRoutes.deviceRemote, { params: { id }, body: command, errors: 'silent' });
}

/** Refusals that mean the machine's state changed since the screen showed it. */
const stateRefusals: ReadonlySet<number> = new Set([
  ErrorCode.DEVICE_NOT_STANDBY,
  ErrorCode.DEVICE_INTERNAL_ERROR,
  ErrorCode.DEVICE_CYCLE_RUNNING,
  ErrorCode.NO_FAULT_TO_CLEAR,
]);

export function useRemoteAction(device: Pick<DeviceInfo, 'id' | 'name'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: RemoteCommand) => sendRemoteAction(device.id, command),
    onError: async (error) => {
      if (!(error instanceof ApiError) || error.code === null || !stateRefusals.has(error.code))
        return showCommandFailure(error);
      // The machine is not where the screen thought: read it again and say where it is now.
      error.shown = true;
      const fresh = await queryClient.fetchQuery({ ...deviceInfoQuery(device.id), staleTime: 0 }).catch(() => null);
      const now = fresh
        ? ` ${i18n.t('devices.remote.stateNow', { device: device.name, status: i18n.t(`devices.status.${fresh.status}`) })}`
        : '';
      void showMessage({ type: 'error', content: `${error.message}${now}` });
    },
    // The device publishes its new state before acknowledging: read it now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.info(device.id) }),
  });
}
