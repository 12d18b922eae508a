import { CloseOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { usePlaceOptions, useProductOptions } from '../api/filter-options';
import {
  filterableMachineTypes,
  filterableStatuses,
  withFilter,
  type DeviceListFilter,
  type DeviceStatus,
} from '../utils/list-filter';
import { machineTypeLabel } from '../utils/machine-type';
import { useDevicePermissions } from '../utils/permissions';

type DeviceFiltersProps = { filter: DeviceListFilter; onChange: (filter: DeviceListFilter) => void };

/** Place, machine type, status and product template; they combine, and clearing one keeps the others. */
export function DeviceFilters({ filter, onChange }: DeviceFiltersProps) {
  const { t } = useTranslation();
  const { readPlaces, readProducts } = useDevicePermissions();
  const places = usePlaceOptions(readPlaces);
  const products = useProductOptions(readProducts);
  const language = currentLanguage();

  return (
    <div className="device-filters" role="search" aria-label={t('devices.filter.label')}>
      {readPlaces ? (
        <label className="device-filter">
          <span className="device-filter-label">{t('devices.field.place')}</span>
          <Select
            allowClear
            aria-label={t('devices.field.place')}
            data-testid="filter-place"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('devices.filter.allPlaces')}
            loading={places.isLoading}
            value={filter.placeId}
            onChange={(placeId?: number) => onChange(withFilter(filter, { placeId }))}
            options={(places.data ?? []).map((place) => ({ value: place.id, label: place.name }))}
          />
        </label>
      ) : null}
      <label className="device-filter">
        <span className="device-filter-label">{t('devices.field.machineType')}</span>
        <Select
          allowClear
          aria-label={t('devices.field.machineType')}
          data-testid="filter-machine-type"
          placeholder={t('devices.filter.allTypes')}
          value={filter.machineType}
          onChange={(machineType?: number) => onChange(withFilter(filter, { machineType }))}
          options={filterableMachineTypes.map((type) => ({
            value: type.value,
            label: machineTypeLabel(type.value, language),
          }))}
        />
      </label>
      <label className="device-filter">
        <span className="device-filter-label">{t('devices.field.status')}</span>
        <Select
          allowClear
          aria-label={t('devices.field.status')}
          data-testid="filter-status"
          placeholder={t('devices.filter.allStatuses')}
          value={filter.status}
          onChange={(status?: DeviceStatus) => onChange(withFilter(filter, { status }))}
          options={filterableStatuses.map((status) => ({ value: status, label: t(`devices.status.${status}`) }))}
        />
      </label>
      {readProducts ? (
        <label className="device-filter">
          <span className="device-filter-label">{t('devices.field.product')}</span>
          <Select
            allowClear
            aria-label={t('devices.field.product')}
            data-testid="filter-product"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('devices.filter.allProducts')}
            loading={products.isLoading}
            value={filter.productId}
            onChange={(productId?: number) => onChange(withFilter(filter, { productId }))}
            options={(products.data ?? []).map((product) => ({ value: product.id, label: product.name }))}
          />
        </label>
      ) : null}
      {filter.promotionId !== undefined ? (
        // A filter reached from a promotion's screen: a button that says it and removes it.
        <Button
          size="small"
          className="device-filter-tag"
          data-testid="filter-promotion"
          icon={<CloseOutlined />}
          iconPlacement="end"
          title={t('devices.filter.clearPromotion')}
          onClick={() => onChange(withFilter(filter, { promotionId: undefined }))}
        >
          {t('devices.filter.promotion')}
        </Button>
      ) : null}
    </div>
  );
}
