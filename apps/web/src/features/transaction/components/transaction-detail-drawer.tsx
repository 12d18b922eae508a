import type { TransactionDetail } from '@sbo/contracts';
import { isRefundableStatus } from '@sbo/contracts/money';
import { Alert, Button, Descriptions, Drawer, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  gatewayLabel,
  machineTypeLabel,
  statusColor,
  statusLabel,
} from '../../../components/ui/sales-filters/sales-labels';
import { LoadFailed } from '../../../components/ui/load-failed';
import { useMediaQuery, phoneQuery } from '../../../components/ui/use-media-query';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { confirmThen } from '../../../lib/confirm-then';
import { useRefundTransaction } from '../api/refund-transaction';
import { useTransactionDetail } from '../api/transaction-detail';
import { OrderHistory } from './order-history';
import { OrderInfoList } from './order-info-list';

type TransactionDetailDrawerProps = {
  id: number | null;
  timeZone: string;
  canRefund: boolean;
  onClose: () => void;
};

export function TransactionDetailDrawer({ id, timeZone, canRefund, onClose }: TransactionDetailDrawerProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(phoneQuery);
  const detail = useTransactionDetail(id);
  const refund = useRefundTransaction();
  const transaction = detail.data;

  const confirmRefund = async (target: TransactionDetail) => {
    const question = {
      title: t('transactions.refund.title'),
      content: t('transactions.refund.confirm', {
        amount: formatMoney(target.total, target.currency),
        id: target.transactionId,
      }),
    };
    await confirmThen(question, () => refund.mutateAsync(target.id), t('transactions.refund.done'));
  };

  const refundable = transaction && canRefund && isRefundableStatus(transaction.status) && transaction.refund === 0;

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={transaction?.transactionId ?? t('transactions.detail')}
      size={isPhone ? '100%' : 560}
      placement={isPhone ? 'bottom' : 'right'}
      data-testid="transaction-detail"
      extra={
        refundable ? (
          <Button danger loading={refund.isPending} onClick={() => void confirmRefund(transaction).catch(() => {})}>
            {t('transactions.refund.action')}
          </Button>
        ) : null
      }
    >
      {detail.isLoading ? <Skeleton active /> : null}
      {detail.isError ? <LoadFailed title={t('transactions.loadFailed')} onRetry={detail.refetch} /> : null}
      {transaction ? (
        <>
          {transaction.reportedAt ? (
            // The machine's clock was outside the tolerance: the sale is on the day it arrived (docs/money.md).
            <Alert
              type="warning"
              showIcon
              className="transaction-clock-off"
              data-testid="transaction-clock-off"
              title={t('transactions.clockOff.title')}
              description={t('transactions.clockOff.detail', {
                time: formatDateTime(transaction.reportedAt, undefined, timeZone),
              })}
            />
          ) : null}
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              {
                key: 'createdAt',
                label: t('sales.column.createdAt'),
                children: formatDateTime(transaction.createdAt, undefined, timeZone),
              },
              { key: 'transactionId', label: t('sales.column.transactionId'), children: transaction.transactionId },
              { key: 'orderId', label: t('sales.column.orderId'), children: transaction.orderId ?? '-' },
              { key: 'place', label: t('sales.column.place'), children: transaction.place?.name ?? '-' },
              { key: 'device', label: t('sales.column.device'), children: transaction.device?.name ?? '-' },
              {
                key: 'machineType',
                label: t('sales.column.machineType'),
                children: machineTypeLabel(t, transaction.machineType),
              },
              {
                key: 'payGateway',
                label: t('sales.column.payGateway'),
                children: gatewayLabel(transaction.payGateway),
              },
              {
                key: 'status',
                label: t('sales.column.status'),
                children: <Tag color={statusColor[transaction.status]}>{statusLabel(t, transaction.status)}</Tag>,
              },
              {
                key: 'expectPostingAt',
                label: t('sales.column.expectPostingAt'),
                children: transaction.expectPostingAt
                  ? formatDateTime(transaction.expectPostingAt, undefined, timeZone)
                  : '-',
              },
              ...(['total', 'reward', 'balance', 'encore', 'refund', 'collected', 'fee'] as const).map((key) => ({
                key,
                label: t(`sales.column.${key}`),
                children: formatMoney(transaction[key], transaction.currency),
              })),
              ...(transaction.refundedAt
                ? [
                    {
                      key: 'refundedAt',
                      label: t('sales.column.refundedAt'),
                      children: formatDateTime(transaction.refundedAt, undefined, timeZone),
                    },
                  ]
                : []),
            ]}
          />
          <OrderInfoList orderInfo={transaction.orderInfo} />
          {transaction.order ? <OrderHistory order={transaction.order} timeZone={timeZone} /> : null}
        </>
      ) : null}
    </Drawer>
  );
}
