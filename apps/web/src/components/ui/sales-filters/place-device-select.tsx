import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeviceOptions, usePlaceOptions } from './filter-options';

type PickerProps = { value: number | undefined; onChange: (id?: number) => void };

/** Every place, searchable by name; empty means all places. */
export function PlaceSelect({ value, onChange }: PickerProps) {
  const { t } = useTranslation();
  const places = usePlaceOptions();
  return (
    <Select
      aria-label={t('sales.filter.place')}
      placeholder={t('sales.filter.allPlaces')}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={places.isLoading}
      value={value}
      options={places.data ?? []}
      onChange={onChange}
    />
  );
}

/** Every machine (of the chosen place, if one is), searchable by name; empty means all machines. */
export function DeviceSelect({ placeId, value, onChange }: PickerProps & { placeId: number | undefined }) {
  const { t } = useTranslation();
  const devices = useDeviceOptions(placeId);
  return (
    <Select
      aria-label={t('sales.filter.device')}
      placeholder={t('sales.filter.allDevices')}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={devices.isLoading}
      value={value}
      options={devices.data ?? []}
      onChange={onChange}
    />
  );
}

type PlaceAndDevice = { placeId?: number; deviceId?: number };

/** The place and machine pickers side by side: choosing another place clears the machine. */
export function PlaceDeviceSelects<Filters extends PlaceAndDevice>({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (filters: Filters) => void;
}) {
  return (
    <>
      <PlaceSelect
        value={filters.placeId}
        onChange={(placeId) => onChange({ ...filters, placeId, deviceId: undefined })}
      />
      <DeviceSelect
        placeId={filters.placeId}
        value={filters.deviceId}
        onChange={(deviceId) => onChange({ ...filters, deviceId })}
      />
    </>
  );
}
