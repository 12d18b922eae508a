import type { CardProgram } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, type ApiInput, type ApiResult } from '../../../lib/api-client';
import { cardKeys } from './keys';

type CardAdjustInput = ApiInput<typeof apiRoutes.vipCardAdjust>['body'];
export type CardChange = ApiResult<typeof apiRoutes.vipCardAdjust>;

/**
 * A correction with a reason: `POST vip-card/{id}/adjust` (balance and points) for a member card,
 * `POST okcard/adjust-balance` (balance only) for an OK card. Idempotent by the dialog's key.
 */
export function fetchCardAdjust(
  program: CardProgram,
  id: number,
  body: CardAdjustInput,
  idempotencyKey: string,
): Promise<CardChange> {
  const headers = { 'idempotency-key': idempotencyKey };
  if (program === 'ok')
    return callApi(apiRoutes.okcardAdjustBalance, {
      body: { cardId: id, balanceChange: body.balanceChange ?? 0, reason: body.reason },
      headers,
    });
  return callApi(apiRoutes.vipCardAdjust, { params: { id }, body, headers });
}

export function useCardAdjust(program: CardProgram, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CardAdjustInput; idempotencyKey: string }) =>
      fetchCardAdjust(program, id, body, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKeys.all }),
  });
}
