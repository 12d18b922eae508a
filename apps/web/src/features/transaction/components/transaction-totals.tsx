import type { TransactionPage, TransactionTotals } from '@sbo/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TotalsBar } from '../../../components/ui/totals-bar';
import { formatMoney, formatNumber } from '../../../lib/format';

type TransactionTotalsProps = {
  totals: TransactionTotals;
  currency: string;
  /** Rows listed: the pager's count. */
  records: number;
  notCounted: TransactionPage['notCounted'];
};

/**
 * The sums of every record the filters match, not only of the page shown, and what the sales count
 * leaves out of the rows listed, so it and the pager's count can be reconciled.
 */
export function TransactionTotalsBar({ totals, currency, records, notCounted }: TransactionTotalsProps) {
  const { t } = useTranslation();
  const items = [
    { key: 'count', value: formatNumber(totals.count) },
    { key: 'total', value: formatMoney(totals.total, currency) },
    { key: 'refund', value: formatMoney(totals.refund, currency) },
    { key: 'revenue', value: formatMoney(totals.revenue, currency) },
    // Offsets a phone leaves to the detail and the export, to keep the records in view.
    { key: 'reward', value: formatMoney(totals.reward, currency), secondary: true },
    { key: 'balance', value: formatMoney(totals.balance, currency), secondary: true },
    { key: 'encore', value: formatMoney(totals.encore, currency), secondary: true },
  ];
  const leftOut = notCounted.unverified + notCounted.topUps > 0;
  const notes = [
    leftOut
      ? t('transactions.notCounted', {
          records: formatNumber(records),
          unverified: formatNumber(notCounted.unverified),
          topUps: formatNumber(notCounted.topUps),
        })
      : null,
    totals.refund > 0 ? t('transactions.refundsCounted') : null,
  ].filter(Boolean);
  return (
    <>
      <TotalsBar
        label={t('transactions.totals')}
        classPrefix="transaction"
        testId="transaction-totals"
        totals={items.map((item) => ({ ...item, label: t(`sales.column.${item.key}`) }))}
      />
      {notes.length > 0 ? (
        <Typography.Paragraph
          type="secondary"
          className="transaction-totals-note"
          data-testid="transaction-totals-note"
        >
          {notes.join(' ')}
        </Typography.Paragraph>
      ) : null}
    </>
  );
}
