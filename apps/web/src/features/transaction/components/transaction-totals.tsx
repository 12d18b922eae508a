import type { TransactionTotals } from '@sbo/contracts';
import { useTranslation } from 'react-i18next';
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
    <section aria-label={t('transactions.totals')} className="transaction-totals" data-testid="transaction-totals">
      <dl>
        {items.map((item) => (
          <div
            key={item.key}
            className={item.secondary ? 'transaction-total transaction-total-secondary' : 'transaction-total'}
          >
            <dt>{t(`sales.column.${item.key}`)}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
