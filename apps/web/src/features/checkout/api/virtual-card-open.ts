import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation } from '@tanstack/react-query';
import { callApi, type ApiInput } from '../../../lib/api-client';

type VirtualCardOpenRequest = NonNullable<ApiInput<typeof apiRoutes.virtualCardOpen>['body']>;

/** Opens the phone's virtual card with the code it was sent (or answers the card it already has). */
export function openVirtualCard(request: VirtualCardOpenRequest) {
  return callApi(apiRoutes.virtualCardOpen, { body: request, errors: 'silent' });
}

export const useOpenVirtualCard = () => useMutation({ mutationFn: openVirtualCard });
