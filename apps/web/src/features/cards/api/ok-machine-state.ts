import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi, type ApiResult } from '../../../lib/api-client';
import { cardKeys } from './keys';

export type OkCardMachines = ApiResult<typeof apiRoutes.okcardMachineState>;

/** `GET okcard/machine-state`: the machines that take the OK card, their state and card trades today. */
export function useOkCardMachines(timeZone: string) {
  return useQuery({
    queryKey: [...cardKeys.machines(), timeZone],
    queryFn: ({ signal }) => callApi(apiRoutes.okcardMachineState, { query: { tz: timeZone }, signal }),
    refetchInterval: 15_000,
  });
}
