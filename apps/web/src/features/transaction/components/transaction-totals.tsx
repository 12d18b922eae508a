import type { TransactionTotals } from '@sbo/contracts';
import { useTranslation } from 'react-i18next';
import { TotalsBar } from '../../../components/ui/totals-bar';
import { formatMoney, formatNumber } from '../../../lib/format';

type TransactionTotalsProps = { totals: TransactionTotals; currency: string };

/** The sums of every record the filters match, not only of the page shown. */
export function TransactionTotalsBar({ totals, currency }: TransactionTotalsProps) {
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
  return (
    <TotalsBar
      label={t('transactions.totals')}
      classPrefix="transaction"
      testId="transaction-totals"
      totals={items.map((item) => ({ ...item, label: t(`sales.column.${item.key}`) }))}
    />
  );
}
