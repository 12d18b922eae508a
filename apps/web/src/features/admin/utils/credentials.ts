import type { CredentialProvider } from '@sbo/contracts';
import { i18n } from '../../../lib/i18n';
import { showMessage } from '../../../lib/messages';

/** Providers' own names: brands, the same in every language. */
export const providerNames: Record<CredentialProvider, string> = { linePay: 'LINE Pay' };

/**
 * Setting credentials the first time needs no confirmation; replacing set ones does, because
 * payments use the new channel at once and the old secret cannot be read back.
 */
export function confirmReplacement(
  provider: CredentialProvider,
  current: { set: boolean; channelId: string | null },
): Promise<boolean> {
  if (!current.set) return Promise.resolve(true);
  const name = providerNames[provider];
  return showMessage({
    title: i18n.t('admin.credentials.replaceTitle', { provider: name }),
    content: i18n.t('admin.credentials.replaceConfirm', { provider: name, channelId: current.channelId ?? '' }),
    cancel: true,
  });
}
