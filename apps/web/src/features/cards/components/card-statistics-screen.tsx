import type { CardProgram } from '@sbo/contracts/schemas/cards';
import { Card, Empty, Skeleton } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NoPermission } from '../../../components/ui/no-permission';
import { PageHeader } from '../../../components/ui/page-header';
import { FilterBar } from '../../../components/ui/sales-filters/filter-bar';
import { PlaceSelect } from '../../../components/ui/sales-filters/place-device-select';
import { useMerchantMoney } from '../../../components/ui/sales-filters/use-sales-filters';
import { LoadingOrFailed } from '../../../components/ui/loading-or-failed';
import { formatCompact, formatCompactMoney, formatMoney, formatNumber } from '../../../lib/format';
import { readSalesFilters, salesDays, writeSalesFilters, type SalesFilters } from '../../../lib/sales-filters';
import { useCardStatistics } from '../api/card-statistics';
import './cards.css';

// ECharts is downloaded with the first chart, never with the first screen.
const CardStatisticsChart = lazy(() =>
  import('./card-statistics-chart').then((module) => ({ default: module.CardStatisticsChart })),
);

/** Card statistics: cards issued and active, deposits, rewards, spend and the outstanding balance over time. */
export function CardStatisticsScreen({ program }: { program: CardProgram }) {
  const { t } = useTranslation();
  const { timeZone, permissions } = useMerchantMoney();
  const mayRead = permissions.has('vipCard.read');
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readSalesFilters(params, 'thisMonth'), [params]);
  const query = useMemo(
    () => ({ program, ...salesDays(filters, timeZone), placeId: filters.placeId, tz: timeZone }),
    [program, filters, timeZone],
  );
  const statistics = useCardStatistics(query, mayRead);
  const data = statistics.data;
  const setFilters = (next: SalesFilters) =>
    setParams((current) => writeSalesFilters(current, next), { replace: true });
  const names = useMemo(
    () => ({
      deposits: t('cards.statistics.deposits'),
      rewards: t('cards.statistics.rewards'),
      spend: t('cards.statistics.spend'),
      outstanding: t('cards.statistics.outstanding'),
    }),
    [t],
  );
  const title = t(program === 'ok' ? 'screen.okCardStatistics' : 'screen.vipCardStatistics');

  if (!mayRead) return <NoPermission title={title} reason={t('cards.noPermission')} />;

  const money = (minor: number) => ({
    compact: data ? formatCompactMoney(minor, data.currency) : '',
    exact: data ? formatMoney(minor, data.currency) : '',
  });
  const count = (value: number) => ({ compact: formatCompact(value), exact: formatNumber(value) });
  type Tile = { key: string; compact: string; exact: string; hint?: string; main?: boolean };
  const tiles: Tile[] = data
    ? [
        { key: 'outstanding', ...money(data.outstanding), hint: t('cards.statistics.outstandingHint'), main: true },
        { key: 'cards', ...count(data.cards) },
        { key: 'activeCards', ...count(data.activeCards) },
        { key: 'issued', ...count(data.issued) },
        { key: 'usedCards', ...count(data.usedCards) },
        { key: 'deposits', ...money(data.deposits) },
        { key: 'rewards', ...money(data.rewards) },
        { key: 'spend', ...money(data.spend) },
        { key: 'refunds', ...money(data.refunds) },
        // The OK card collects no points.
        ...(program === 'vip' ? [{ key: 'outstandingPoints', ...count(data.outstandingPoints) }] : []),
      ]
    : [];
  const moving = data ? data.series.some((day) => day.deposits || day.rewards || day.spend || day.outstanding) : false;

  return (
    <>
      <PageHeader title={title} />
      <FilterBar filters={filters} timeZone={timeZone} onChange={setFilters}>
        <PlaceSelect value={filters.placeId} onChange={(placeId) => setFilters({ ...filters, placeId })} />
      </FilterBar>
      <LoadingOrFailed query={statistics} failedTitle={t('cards.statistics.loadFailed')} />
      {data ? (
        <>
          <dl className="card-summary" data-testid="card-statistics-summary">
            {tiles.map((tile) => (
              <div key={tile.key} className={tile.main ? 'card-summary-item card-summary-main' : 'card-summary-item'}>
                <dt>{t(`cards.statistics.${tile.key}`)}</dt>
                <dd title={tile.exact}>
                  <span aria-hidden>{tile.compact}</span>
                  <span className="card-exact">{tile.exact}</span>
                  {/* Inside the dd: a definition list's groups hold only dt and dd. */}
                  {tile.hint ? <span className="card-summary-hint">{tile.hint}</span> : null}
                </dd>
              </div>
            ))}
          </dl>
          <Card size="small" className="card-chart-card">
            {moving ? (
              <Suspense fallback={<Skeleton.Node active className="card-chart-loading" />}>
                <CardStatisticsChart
                  days={data.series}
                  currency={data.currency}
                  names={names}
                  description={t('cards.statistics.chartDescription', { from: data.from, to: data.to })}
                />
              </Suspense>
            ) : (
              <Empty description={t('cards.statistics.empty')} />
            )}
          </Card>
        </>
      ) : null}
    </>
  );
}
