import type { Promotion } from '@sbo/contracts';
import { showMessage } from '../../../lib/messages';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Stopping a promotion is for good (disabled; it cannot be edited or restarted): the merchant
 * confirms first, naming it. Resolves true once stopped, false when the merchant kept it running.
 */
export async function confirmStop(
  promotion: Pick<Promotion, 'name'>,
  t: Translate,
  stop: () => Promise<unknown>,
): Promise<boolean> {
  const confirmed = await showMessage({
    type: 'info',
    title: t('promotions.detail.stopTitle'),
    content: t('promotions.detail.stopConfirm', { name: promotion.name }),
    cancel: true,
  });
  if (!confirmed) return false;
  await stop();
  return true;
}
