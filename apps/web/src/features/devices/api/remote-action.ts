import type { RemoteCommand } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, type ApiResult } from '../../../lib/api-client';
import { showCommandFailure } from '../utils/remote-failure';
import { deviceKeys } from './keys';

export type CommandResult = ApiResult<typeof apiRoutes.deviceRemote>;

/**
 * `POST device-cloud/{id}/remote`: answers once the device acknowledged the action
 * (or with its refusal code, or 1702001 when it stays silent).
 */
export function sendRemoteAction(id: number, command: RemoteCommand): Promise<CommandResult> {
  return callApi(apiRoutes.deviceRemote, { params: { id }, body: command, errors: 'silent' });
}

export function useRemoteAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: RemoteCommand) => sendRemoteAction(id, command),
    onError: showCommandFailure,
    // The device publishes its new state before acknowledging: read it now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.info(id) }),
  });
}
