import type { Promotion } from '@sbo/contracts';
import { Card, Empty, Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureCards } from '../../../components/ui/figure-cards';
import { useMerchantMoney } from '../../../components/ui/sales-filters/use-sales-filters';
import { LoadFailed } from '../../../components/ui/load-failed';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { usePromotionEffect, type PromotionEffectView } from '../api/promotion-effect';
import { EffectChart } from './effect-chart';

type Figures = PromotionEffectView['during'];
const figureKeys = ['sales', 'revenue', 'discount', 'cycles', 'freeCycles', 'newCards', 'returningCards'] as const;
const moneyKeys = new Set<keyof Figures>(['revenue', 'discount']);

/** The figure's change against the baseline in percent, or null without a baseline. */
function changePercent(during: number, baseline: number): number | null {
  if (baseline === 0) return null;
  return Math.round(((during - baseline) / baseline) * 1000) / 10;
}

/**
 * What the promotion did: sales, revenue, discount, cycles and cards during it against the same
 * hours of the four weeks before it started (like for like), a chart per day and the table.
 */
export function PromotionEffectPanel({ promotion, active }: { promotion: Promotion; active: boolean }) {
  const { t } = useTranslation();
  const { timeZone } = useMerchantMoney();
  const effect = usePromotionEffect(promotion.id, active);
  const data = effect.data;
  const names = useMemo(
    () => ({ during: t('promotions.effect.during'), baseline: t('promotions.effect.baseline') }),
    [t],
  );
  const points = useMemo(
    () =>
      (data?.days ?? []).map((day) => ({
        label: formatDate(`${day.date}T12:00:00Z`, undefined, 'UTC'),
        during: day.during.revenue,
        baseline: day.baseline.revenue,
      })),
    [data],
  );

  if (effect.isError && !data) return <LoadFailed title={t('promotions.effect.loadFailed')} onRetry={effect.refetch} />;
  if (!data) return <Card loading />;
  const show = (key: keyof Figures, value: number) =>
    moneyKeys.has(key) ? formatMoney(value, data.currency) : formatNumber(value);
  const uplift = data.upliftPercent;
  const rows = figureKeys.map((key) => ({
    key,
    during: data.during[key],
    baseline: data.baseline[key],
    change: changePercent(data.during[key], data.baseline[key]),
  }));

  return (
    <div className="promotion-effect" data-testid="promotion-effect">
      <p className="promotion-muted">
        {t('promotions.effect.description', {
          from: formatDateTime(data.from, undefined, timeZone),
          to: formatDateTime(data.to, undefined, timeZone),
        })}
      </p>
      <FigureCards
        className="promotion-effect-figures"
        figures={[
          {
            key: 'revenue',
            title: t('promotions.effect.revenue'),
            value: formatMoney(data.during.revenue, data.currency),
          },
          {
            key: 'discount',
            title: t('promotions.effect.discount'),
            value: formatMoney(data.during.discount, data.currency),
          },
          { key: 'cycles', title: t('promotions.effect.cycles'), value: formatNumber(data.during.cycles) },
          {
            key: 'uplift',
            title: t('promotions.effect.uplift'),
            value:
              uplift === null ? t('promotions.effect.noBaseline') : `${uplift > 0 ? '+' : ''}${formatNumber(uplift)}%`,
            color: uplift === null ? undefined : uplift >= 0 ? '#2e7d32' : '#c62828',
          },
        ]}
      />
      <Card size="small" title={t('promotions.effect.chartTitle')}>
        {points.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('promotions.effect.noDays')} />
        ) : (
          <EffectChart
            points={points}
            currency={data.currency}
            names={names}
            description={t('promotions.effect.chartTitle')}
          />
        )}
      </Card>
      <Table
        size="small"
        pagination={false}
        dataSource={rows}
        data-testid="promotion-effect-table"
        scroll={{ x: 480 }}
        columns={[
          {
            key: 'figure',
            title: t('promotions.effect.figure'),
            render: (_, row) => t(`promotions.effect.${row.key}`),
          },
          { key: 'during', title: names.during, align: 'right', render: (_, row) => show(row.key, row.during) },
          { key: 'baseline', title: names.baseline, align: 'right', render: (_, row) => show(row.key, row.baseline) },
          {
            key: 'change',
            title: t('promotions.effect.change'),
            align: 'right',
            render: (_, row) =>
              row.change === null ? '—' : `${row.change > 0 ? '+' : ''}${formatNumber(row.change)}%`,
          },
        ]}
      />
    </div>
  );
}
