import { logTypes, maxQueryRangeMonths, quickRanges } from '@sbo/contracts';
import { DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { useDeviceOptions } from '../api/device-options';
import { quickRangeDays, withinQueryLimit, type DeviceLogFilters, type QuickRange } from './log-filters';

type LogFilterBarProps = { filters: DeviceLogFilters; onChange: (next: DeviceLogFilters) => void };

/** Device, log type and date range; every change starts again at page one. */
export function LogFilterBar({ filters, onChange }: LogFilterBarProps) {
  const { t } = useTranslation();
  const devices = useDeviceOptions();
  // Days are the merchant's: "today" and the last day a range may reach are on the merchant's clock.
  const today = useMerchantClock().today();
  const update = (patch: Partial<DeviceLogFilters>) => onChange({ ...filters, ...patch, page: 1 });

  const chooseRange = (range: QuickRange) =>
    range === 'custom' ? update({ range }) : update({ range, ...quickRangeDays(range, today) });

  // A custom range may span at most three months and never reaches into the future.
  const from = dayjs(filters.from);
  const to = dayjs(filters.to);
  const disabledFrom = (day: Dayjs) =>
    day.isAfter(to, 'day') || !withinQueryLimit(day.format('YYYY-MM-DD'), filters.to);
  const disabledTo = (day: Dayjs) =>
    day.format('YYYY-MM-DD') > today ||
    day.isBefore(from, 'day') ||
    !withinQueryLimit(filters.from, day.format('YYYY-MM-DD'));
  // Each picker's footer says why days are greyed out: the query limit, and the day it allows up to.
  const dayText = (day: Dayjs) => formatDate(`${day.format('YYYY-MM-DD')}T00:00:00Z`, undefined, 'UTC');
  const earliestFrom = to.subtract(maxQueryRangeMonths, 'month');
  const latestTo = from.add(maxQueryRangeMonths, 'month').isBefore(dayjs(today), 'day')
    ? from.add(maxQueryRangeMonths, 'month')
    : dayjs(today);
  const limitHint = (text: string) => () => (
    <div className="range-limit-hint" role="note" data-testid="range-limit-hint">
      {text}
    </div>
  );

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
        <>
          <label className="log-filter">
            <span>{t('deviceLog.filter.from')}</span>
            <DatePicker
              aria-label={t('deviceLog.filter.from')}
              allowClear={false}
              value={from}
              disabledDate={disabledFrom}
              renderExtraFooter={limitHint(
                t('deviceLog.filter.limitFrom', { months: maxQueryRangeMonths, date: dayText(earliestFrom) }),
              )}
              onChange={(day: Dayjs | null) => day && update({ from: day.format('YYYY-MM-DD') })}
            />
          </label>
          <label className="log-filter">
            <span>{t('deviceLog.filter.to')}</span>
            <DatePicker
              aria-label={t('deviceLog.filter.to')}
              allowClear={false}
              value={to}
              disabledDate={disabledTo}
              renderExtraFooter={limitHint(
                t('deviceLog.filter.limitTo', { months: maxQueryRangeMonths, date: dayText(latestTo) }),
              )}
              onChange={(day: Dayjs | null) => day && update({ to: day.format('YYYY-MM-DD') })}
            />
          </label>
        </>
      ) : null}
    </div>
  );
}
