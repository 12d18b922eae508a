import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation } from '@tanstack/react-query';
import { callApi, type ApiInput } from '../../../lib/api-client';

type SmsCodeRequest = NonNullable<ApiInput<typeof apiRoutes.cardSmsCode>['body']>;

/** Sends a one-time code to the phone; answers when another may be asked for. */
export function sendCardSmsCode(request: SmsCodeRequest) {
  return callApi(apiRoutes.cardSmsCode, { body: request, errors: 'silent' });
}

export const useSendCardSmsCode = () => useMutation({ mutationFn: sendCardSmsCode });
