import type { StatisticsGrouping, StatisticsRow } from '@sbo/contracts';
import type { TFunction } from 'i18next';
import { gatewayLabel, machineTypeLabel } from '../../../components/ui/sales-filters/sales-labels';

/** A row's name in the screen's language: dates in the locale's form, types and gateways translated. */
export function rowLabel(t: TFunction, groupBy: StatisticsGrouping, row: StatisticsRow, locale: string): string {
  switch (groupBy) {
    case 'day':
    case 'week':
      return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${row.key}T00:00:00Z`),
      );
    case 'month':
      return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(
        new Date(`${row.key}-01T00:00:00Z`),
      );
    case 'machineType':
      return machineTypeLabel(t, Number(row.key));
    case 'payGateway':
      return gatewayLabel(row.key);
    default:
      return row.label;
  }
}
