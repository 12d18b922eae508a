import type { CardProgram } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, type ApiInput, type ApiResult } from '../../../lib/api-client';
import { cardKeys } from './keys';

export type CardSettingsView = ApiResult<typeof apiRoutes.vipCardSettingsGet>;
type CardSettingsChange = ApiInput<typeof apiRoutes.vipCardSettingsUpdate>['body'];

/** `GET vip-card/settings?program=`: tiers, points rule, accepting places, virtual cards. */
export function useCardSettings(program: CardProgram) {
  return useQuery({
    queryKey: cardKeys.settings(program),
    queryFn: ({ signal }) => callApi(apiRoutes.vipCardSettingsGet, { query: { program }, signal }),
  });
}

/** `PUT vip-card/settings?program=` (audited). */
export function useUpdateCardSettings(program: CardProgram) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CardSettingsChange) => callApi(apiRoutes.vipCardSettingsUpdate, { query: { program }, body }),
    onSuccess: (settings) => queryClient.setQueryData(cardKeys.settings(program), settings),
  });
}
