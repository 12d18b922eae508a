import { useTranslation } from 'react-i18next';
import { TotalsBar } from '../../../components/ui/totals-bar';
import { formatMoney, formatNumber } from '../../../lib/format';
import type { CardRecordPage } from '../api/card-records';

type CardRecordTotalsProps = { totals: CardRecordPage['totals']; currency: string; showPoints: boolean };

/** The sums of every entry the filters match, not only of the page shown. */
export function CardRecordTotals({ totals, currency, showPoints }: CardRecordTotalsProps) {
  const { t } = useTranslation();
  const items = [
    { key: 'count', value: formatNumber(totals.count) },
    { key: 'topUp', value: formatMoney(totals.topUp, currency) },
    { key: 'reward', value: formatMoney(totals.reward, currency) },
    { key: 'spend', value: formatMoney(totals.spend, currency) },
    { key: 'refund', value: formatMoney(totals.refund, currency), secondary: true },
    { key: 'adjustment', value: formatMoney(totals.adjustment, currency), secondary: true },
    { key: 'pointsEarned', value: formatNumber(totals.pointsEarned), secondary: true },
    { key: 'pointsRedeemed', value: formatNumber(totals.pointsRedeemed), secondary: true },
  ].filter((item) => showPoints || !item.key.startsWith('points'));
  return (
    <TotalsBar
      label={t('cards.records.totals')}
      classPrefix="card"
      testId="card-record-totals"
      totals={items.map((item) => ({ ...item, label: t(`cards.totals.${item.key}`) }))}
    />
  );
}
