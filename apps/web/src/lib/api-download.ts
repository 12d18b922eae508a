import { errorFromResponse, networkError, ApiError } from './api-errors';
import type { ApiRoute } from '@sbo/contracts/api/routes';
import { callAddress, type ApiInput } from './api-client';
import { handleFailure } from './api-session';
import { getMerchantToken } from './auth-storage';
import { saveFile } from './save-file';

function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * Downloads a file the API answers with (an export): the same bearer token, `tz` and
 * `timestamp` as every call, failures shown as every call's are; the browser saves the file.
 */
export async function downloadApiFile<R extends ApiRoute>(
  route: R,
  input: Pick<ApiInput<R>, 'params' | 'query'>,
  fallbackName: string,
) {
  const url = callAddress(route, input as Parameters<typeof callAddress>[1]);
  const token = getMerchantToken();
  try {
    const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    if (!response.ok) {
      const text = await response.text();
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      throw errorFromResponse(response.status, body);
    }
    saveFile(await response.blob(), fileNameOf(response, fallbackName));
  } catch (error) {
    const failure = error instanceof ApiError ? error : networkError();
    await handleFailure(failure, 'dialog');
    throw failure;
  }
}
