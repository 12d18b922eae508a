import { ErrorCode } from '@sbo/contracts/errors';
import { ApiError, describeError } from '../../../lib/api-errors';
import { i18n } from '../../../lib/i18n';
import { showMessage } from '../../../lib/messages';

/**
 * Shows a failed device command. The api answers a device that stayed silent with 1702001;
 * for a command the spec's words are "connection timed out, check device status".
 */
export function showCommandFailure(error: unknown): void {
  if (!(error instanceof ApiError) || error.shown) return;
  error.shown = true;
  const content =
    error.code === ErrorCode.MACHINE_STATUS_UNAVAILABLE
      ? `${error.code} - ${i18n.t('devices.remote.timedOut')}`
      : describeError(error);
  void showMessage({ type: 'error', content });
}
