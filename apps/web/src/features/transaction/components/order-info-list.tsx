import type { TransactionDetail } from '@sbo/contracts';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';

type OrderInfoListProps = { orderInfo: TransactionDetail['orderInfo'] };

const dryTemps = ['none', 'low', 'mid', 'high'] as const;

/** What the customer chose on the machine (spec section 3, order info). */
export function OrderInfoList({ orderInfo }: OrderInfoListProps) {
  const { t } = useTranslation();
  const minutes = (value: number | null) => (value === null ? '-' : t('transactions.order.minutes', { count: value }));
  const dryTemp = orderInfo.dryTemp === null ? null : dryTemps[orderInfo.dryTemp];
  return (
    <Descriptions
      className="order-info"
      title={t('transactions.order.title')}
      column={1}
      size="small"
      bordered
      items={[
        { key: 'selection', label: t('transactions.order.selection'), children: orderInfo.selection ?? '-' },
        { key: 'course', label: t('transactions.order.course'), children: orderInfo.course ?? '-' },
        {
          key: 'dryTemp',
          label: t('transactions.order.dryTemp'),
          children: dryTemp ? t(`transactions.order.temp.${dryTemp}`) : '-',
        },
        { key: 'addDry', label: t('transactions.order.addDry'), children: minutes(orderInfo.addDry) },
        {
          key: 'additive',
          label: t('transactions.order.additive'),
          children: orderInfo.additive.length
            ? orderInfo.additive
                .map((additive) => t(`transactions.order.additives.${additive}`, { defaultValue: additive }))
                .join(', ')
            : '-',
        },
        { key: 'dryTime', label: t('transactions.order.dryTime'), children: minutes(orderInfo.dryTime) },
      ]}
    />
  );
}
