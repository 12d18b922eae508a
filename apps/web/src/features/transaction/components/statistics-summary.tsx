import type { RevenueStatistics } from '@sbo/contracts';
import { useTranslation } from 'react-i18next';
import { formatCompact, formatCompactMoney, formatMoney, formatNumber } from '../../../lib/format';

type StatisticsSummaryProps = { totals: RevenueStatistics['totals']; currency: string };

/** The range's totals in compact numbers (K, M, B, T); the exact figure on hover and for screen readers. */
export function StatisticsSummary({ totals, currency }: StatisticsSummaryProps) {
  const { t } = useTranslation();
  const compactMoney = (minor: number) => formatCompactMoney(minor, currency);
  const items = [
    { key: 'revenue', compact: compactMoney(totals.revenue), exact: formatMoney(totals.revenue, currency) },
    { key: 'count', compact: formatCompact(totals.count), exact: formatNumber(totals.count) },
    { key: 'total', compact: compactMoney(totals.total), exact: formatMoney(totals.total, currency) },
    { key: 'refund', compact: compactMoney(totals.refund), exact: formatMoney(totals.refund, currency) },
  ];
  return (
    <dl className="statistics-summary" data-testid="statistics-summary">
      {items.map((item) => (
        <div key={item.key} className="statistics-summary-item">
          <dt>{t(`sales.column.${item.key}`)}</dt>
          <dd title={item.exact}>
            <span aria-hidden>{item.compact}</span>
            <span className="statistics-exact">{item.exact}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
