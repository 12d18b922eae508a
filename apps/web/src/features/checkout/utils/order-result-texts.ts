import { useTranslation } from 'react-i18next';
import type { OrderResultTexts } from '../../../components/ui/order-result-page';

/** What the result screens (a payment's, a card top-up's) say while their order loads or when it cannot. */
export function useOrderResultTexts(): OrderResultTexts {
  const { t } = useTranslation();
  return {
    noOrder: { title: t('checkout.result.noOrder.title'), description: t('checkout.result.noOrder.description') },
    loading: t('checkout.result.loading'),
    unknownOrder: {
      title: t('checkout.result.unknownOrder.title'),
      description: t('checkout.result.unknownOrder.description'),
    },
    loadFailed: { title: t('checkout.loadFailed.title'), description: t('checkout.loadFailed.description') },
    tryAgain: t('checkout.tryAgain'),
  };
}
