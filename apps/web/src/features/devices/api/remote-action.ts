import type { RemoteCommand } from '@sbo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { showCommandFailure } from '../utils/remote-failure';
import { deviceKeys } from './keys';

export type CommandResult = { commandId: string; action: string; logId: number };

/**
 * `POST device-cloud/{id}/remote`: answers once the device acknowledged the action
 * (or with its refusal code, or 1702001 when it stays silent).
 */
export function sendRemoteAction(id: number, command: RemoteCommand): Promise<CommandResult> {
  return apiRequest<CommandResult>({
    method: 'POST',
    path: `device-cloud/${id}/remote`,
    body: command,
    errors: 'silent',
  });
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
