import type { DashboardOverview } from '@sbo/contracts';
import { Card, Empty, Progress } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { machineTypeLabel } from '../../../components/ui/sales-filters/sales-labels';
import { formatNumber } from '../../../lib/format';

type Machines = DashboardOverview['machines'];

/** Online, offline, in use and faulted machines, then in use out of all per machine type. */
export const MachineSummary = memo(function MachineSummary({ machines }: { machines: Machines }) {
  const { t } = useTranslation();
  const counts = [
    { key: 'total', value: machines.total },
    { key: 'online', value: machines.online },
    { key: 'offline', value: machines.offline },
    { key: 'inUse', value: machines.inUse },
    { key: 'faulted', value: machines.faulted },
  ];
  return (
    <Card size="small" title={t('dashboard.machines.title')} data-testid="machine-summary">
      <dl className="machine-counts">
        {counts.map((count) => (
          <div key={count.key} className={`machine-count machine-count-${count.key}`}>
            <dt>{t(`dashboard.machines.${count.key}`)}</dt>
            <dd>{formatNumber(count.value)}</dd>
          </div>
        ))}
      </dl>
      {machines.byType.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.machines.empty')} />
      ) : null}
      <ul className="machine-types">
        {machines.byType.map((type) => (
          <li key={type.machineType} className="machine-type">
            <span className="machine-type-name">{machineTypeLabel(t, type.machineType)}</span>
            <Progress
              percent={type.total ? Math.round((type.inUse / type.total) * 100) : 0}
              showInfo={false}
              size="small"
              aria-hidden
            />
            <span className="machine-type-usage">
              {t('dashboard.machines.inUseOf', { inUse: type.inUse, total: type.total })}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
});
