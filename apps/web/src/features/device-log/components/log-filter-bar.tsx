import { logTypes, quickRanges } from '@sbo/contracts';
import { DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useDeviceOptions } from '../api/device-options';
import { quickRangeDays, withinQueryLimit, type DeviceLogFilters, type QuickRange } from './log-filters';

type LogFilterBarProps = { filters: DeviceLogFilters; onChange: (next: DeviceLogFilters) => void };

/** Device, log type and date range; every change starts again at page one. */
export function LogFilterBar({ filters, onChange }: LogFilterBarProps) {
  const { t } = useTranslation();
  const devices = useDeviceOptions();
  const update = (patch: Partial<DeviceLogFilters>) => onChange({ ...filters, ...patch, page: 1 });

  const chooseRange = (range: QuickRange) =>
    range === 'custom' ? update({ range }) : update({ range, ...quickRangeDays(range, dayjs()) });

  // A custom range may span at most three months: days beyond that from the first pick are disabled.
  const disabledDate = (current: Dayjs, info: { from?: Dayjs }) =>
    current.isAfter(dayjs(), 'day') ||
    (info.from !== undefined &&
      !withinQueryLimit(
        (current.isBefore(info.from) ? current : info.from).format('YYYY-MM-DD'),
        (current.isBefore(info.from) ? info.from : current).format('YYYY-MM-DD'),
      ));

  return (
    <div className="log-filters" role="search" aria-label={t('deviceLog.filter.label')}>
      <label className="log-filter">
        <span>{t('deviceLog.filter.device')}</span>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('deviceLog.filter.device')}
          placeholder={t('deviceLog.filter.allDevices')}
          loading={devices.isPending}
          value={filters.deviceId}
          onChange={(deviceId?: number) => update({ deviceId })}
          options={(devices.data?.items ?? []).map((device) => ({ value: device.id, label: device.name }))}
        />
      </label>
      <label className="log-filter">
        <span>{t('deviceLog.filter.logType')}</span>
        <Select
          allowClear
          aria-label={t('deviceLog.filter.logType')}
          placeholder={t('deviceLog.filter.allTypes')}
          value={filters.logType}
          onChange={(logType?: DeviceLogFilters['logType']) => update({ logType })}
          options={logTypes.map((type) => ({ value: type, label: t(`deviceLog.logType.${type}`) }))}
        />
      </label>
      <label className="log-filter">
        <span>{t('deviceLog.filter.range')}</span>
        <Select
          aria-label={t('deviceLog.filter.range')}
          value={filters.range}
          onChange={chooseRange}
          options={quickRanges.map((range) => ({ value: range, label: t(`deviceLog.range.${range}`) }))}
        />
      </label>
      {filters.range === 'custom' ? (
        <div className="log-filter log-filter-dates">
          <span id="log-dates-label">{t('deviceLog.filter.dates')}</span>
          <DatePicker.RangePicker
            aria-labelledby="log-dates-label"
            allowClear={false}
            value={[dayjs(filters.from), dayjs(filters.to)]}
            disabledDate={disabledDate}
            onChange={(dates) => {
              const [from, to] = dates ?? [];
              if (from && to) update({ from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') });
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
