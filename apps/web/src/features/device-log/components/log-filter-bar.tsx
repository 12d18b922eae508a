import { logTypes, quickRanges } from '@sbo/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CustomRangePicker } from '../../../components/ui/sales-filters/custom-range-picker';
import { RangeShortenedNotice } from '../../../components/ui/sales-filters/range-shortened-notice';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { useDeviceOptions } from '../api/device-options';
import { quickRangeDays, type DeviceLogFilters, type QuickRange } from './log-filters';

type LogFilterBarProps = { filters: DeviceLogFilters; onChange: (next: DeviceLogFilters) => void };

/** Device, log type and date range; every change starts again at page one. */
export function LogFilterBar({ filters, onChange }: LogFilterBarProps) {
  const { t } = useTranslation();
  const devices = useDeviceOptions();
  // Days are the merchant's: "today" and the last day a range may reach are on the merchant's clock.
  const today = useMerchantClock().today();
  const update = (patch: Partial<DeviceLogFilters>) =>
    onChange({ ...filters, shortened: undefined, ...patch, page: 1 });

  const chooseRange = (range: QuickRange) =>
    range === 'custom' ? update({ range }) : update({ range, ...quickRangeDays(range, today) });

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
        <div className="log-filter log-filter-days" role="group" aria-label={t('deviceLog.filter.days')}>
          <span aria-hidden>{t('deviceLog.filter.days')}</span>
          <CustomRangePicker
            value={filters}
            today={today}
            placeholders={[t('deviceLog.filter.from'), t('deviceLog.filter.to')]}
            onChange={({ from, to }) => update({ from, to })}
          />
        </div>
      ) : null}
      {filters.shortened ? <RangeShortenedNotice shown={filters} /> : null}
    </div>
  );
}
