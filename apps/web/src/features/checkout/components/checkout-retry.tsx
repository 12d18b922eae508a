import { useTranslation } from 'react-i18next';
import { RetryButton } from '../../../components/ui/retry-button';

/** The consumer pages' "Try again" after a failed load: large, busy while the query loads again. */
export function CheckoutRetry({ query }: { query: { refetch: () => unknown; isFetching: boolean } }) {
  const { t } = useTranslation();
  return (
    <RetryButton size="large" onRetry={query.refetch} retrying={query.isFetching} label={t('checkout.tryAgain')} />
  );
}
