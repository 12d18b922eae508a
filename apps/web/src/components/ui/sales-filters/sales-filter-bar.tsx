import { paymentGateways, transactionStatuses } from '@sbo/contracts/constants';
import { Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SalesFilters } from '../../../lib/sales-filters';
import { useDeviceOptions, usePlaceOptions } from './filter-options';
import { QuickRangePicker } from './quick-range-picker';
import { gatewayLabel, statusLabel } from './sales-labels';
import './sales-filters.css';

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
  const places = usePlaceOptions();
  const devices = useDeviceOptions(filters.placeId);
  const hasChoices =
    filters.placeId !== undefined ||
    filters.deviceId !== undefined ||
    filters.payGateway !== undefined ||
    filters.status !== undefined;

  return (
    <search className="sales-filters" aria-label={t('sales.filter.label')}>
      <QuickRangePicker
        range={filters.range}
        custom={filters.custom}
        timeZone={timeZone}
        onChange={(range, custom) => onChange({ ...filters, range, custom })}
      />
      <Select
        aria-label={t('sales.filter.place')}
        placeholder={t('sales.filter.allPlaces')}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={places.isLoading}
        value={filters.placeId}
        options={places.data ?? []}
        onChange={(placeId?: number) => onChange({ ...filters, placeId, deviceId: undefined })}
      />
      <Select
        aria-label={t('sales.filter.device')}
        placeholder={t('sales.filter.allDevices')}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={devices.isLoading}
        value={filters.deviceId}
        options={devices.data ?? []}
        onChange={(deviceId?: number) => onChange({ ...filters, deviceId })}
      />
      <Select
        aria-label={t('sales.filter.gateway')}
        placeholder={t('sales.filter.allGateways')}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={filters.payGateway}
        options={paymentGateways.map((gateway) => ({ value: gateway, label: gatewayLabel(t, gateway) }))}
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
      {hasChoices ? (
        <Button type="link" onClick={() => onChange({ range: filters.range, custom: filters.custom })}>
          {t('sales.filter.clear')}
        </Button>
      ) : null}
    </search>
  );
}
