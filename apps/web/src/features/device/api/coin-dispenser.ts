import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { callApi } from '../../../lib/api-client';
import { showCommandFailure } from '../utils/remote-failure';
import { deviceKeys } from './keys';
import type { CommandResult } from './remote-action';

/** `POST device-cloud/{id}/coin-dispenser`: the amount the hopper holds after a refill. */
export const refillCoinDispenser = (id: number, remainingAmount: number) =>
  callApi(apiRoutes.coinDispenserRefill, { params: { id }, body: { remainingAmount }, errors: 'silent' });

/** `PUT device-cloud/{id}/coin-dispenser/total-amount`: the hopper's capacity. */
export const setCoinDispenserTotal = (id: number, totalAmount: number) =>
  callApi(apiRoutes.coinDispenserCapacity, { params: { id }, body: { totalAmount }, errors: 'silent' });

/** `POST device-cloud/{id}/banknote-reset`: zeroes the bill acceptor's counts. */
export const resetBanknotes = (id: number) => callApi(apiRoutes.banknoteReset, { params: { id }, errors: 'silent' });

export function useCashMutation<Input>(id: number, send: (id: number, input: Input) => Promise<CommandResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => send(id, input),
    onError: showCommandFailure,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.info(id) }),
  });
}
