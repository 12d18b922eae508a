import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-errors';
import { cardRefusalOf } from '../utils/checkout-errors';

type RefusalAlertProps = { error: unknown; waitSeconds?: number };

/** A refused card step in plain words, with the catalogue's `code - text` underneath for the shop's staff. */
export function RefusalAlert({ error, waitSeconds = 0 }: RefusalAlertProps) {
  const { t } = useTranslation();
  const refusal = cardRefusalOf(error);
  const title =
    refusal === 'smsTooFrequent' && waitSeconds > 0
      ? t('cardTopUp.refusal.smsTooFrequentWait', { seconds: waitSeconds })
      : t(`cardTopUp.refusal.${refusal}`);
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={title}
      description={error instanceof ApiError ? error.message : undefined}
    />
  );
}
