import { paymentGateways, transactionStatuses } from '@sbo/contracts/constants';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SalesFilters } from '../../../lib/sales-filters';
import { FilterBar } from './filter-bar';
import { PlaceDeviceSelects } from './place-device-select';
import { gatewayLabel, statusLabel } from './sales-labels';

type SalesFilterBarProps = {
  filters: SalesFilters;
  timeZone: string;
  onChange: (filters: SalesFilters) => void;
  /** The records filter by settlement status; the statistics do not. */
  withStatus?: boolean;
};

/** Range, place, machine, gateway and status pickers that combine. */
export function SalesFilterBar({ filters, timeZone, onChange, withStatus = false }: SalesFilterBarProps) {
  const { t } = useTranslation();
  const hasChoices =
    filters.placeId !== undefined ||
    filters.deviceId !== undefined ||
    filters.payGateway !== undefined ||
    filters.status !== undefined;

  return (
    <FilterBar
      filters={filters}
      timeZone={timeZone}
      onChange={onChange}
      onClear={hasChoices ? () => onChange({ range: filters.range, custom: filters.custom }) : undefined}
    >
      <PlaceDeviceSelects filters={filters} onChange={onChange} />
      <Select
        aria-label={t('sales.filter.gateway')}
        placeholder={t('sales.filter.allGateways')}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={filters.payGateway}
        options={paymentGateways.map((gateway) => ({ value: gateway, label: gatewayLabel(gateway) }))}
        onChange={(payGateway?: SalesFilters['payGateway']) => onChange({ ...filters, payGateway })}
      />
      {withStatus ? (
        <Select
          aria-label={t('sales.filter.status')}
          placeholder={t('sales.filter.allStatuses')}
          allowClear
          value={filters.status}
          options={Object.values(transactionStatuses).map((status) => ({
            value: status,
            label: statusLabel(t, status),
          }))}
          onChange={(status?: number) => onChange({ ...filters, status })}
        />
      ) : null}
    </FilterBar>
  );
}
