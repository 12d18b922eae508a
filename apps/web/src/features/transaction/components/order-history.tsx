import type { CheckoutOrderStatus, TransactionOrder } from '@sbo/contracts';
import { Descriptions, Tag, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTimeSeconds } from '../../../lib/format';

type OrderHistoryProps = { order: TransactionOrder; timeZone: string };

/** Brand names, not translated. */
const providerNames = { linePay: 'LINE Pay' } as const;

const stepColor: Record<CheckoutOrderStatus, string> = {
  created: 'gray',
  paid: 'blue',
  credited: 'blue',
  started: 'green',
  failed: 'red',
  cancelled: 'gray',
  refunded: 'orange',
};

/** The consumer checkout order behind a sale: who took the payment and each step, in the merchant's zone. */
export function OrderHistory({ order, timeZone }: OrderHistoryProps) {
  const { t } = useTranslation();
  return (
    <section className="order-history" data-testid="order-history">
      <Descriptions
        title={t('transactions.history.title')}
        column={1}
        size="small"
        bordered
        items={[
          {
            key: 'provider',
            label: t('transactions.history.provider'),
            children:
              order.provider === 'sandbox' ? (
                <Tag color="orange" data-testid="order-sandbox">
                  {t('transactions.history.sandbox')}
                </Tag>
              ) : (
                providerNames[order.provider]
              ),
          },
          ...(order.reason
            ? [
                {
                  key: 'reason',
                  label: t('transactions.history.reasonLabel'),
                  children: t(`transactions.history.reason.${order.reason}`),
                },
              ]
            : []),
        ]}
      />
      <Timeline
        className="order-history-steps"
        items={order.history.map((step, index) => ({
          key: `${step.status}-${index}`,
          color: stepColor[step.status],
          title: formatDateTimeSeconds(step.at, undefined, timeZone),
          content: t(`transactions.history.status.${step.status}`),
        }))}
      />
    </section>
  );
}
