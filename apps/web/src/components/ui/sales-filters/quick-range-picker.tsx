import { maxQueryRangeMonths, quickRanges } from '@sbo/contracts/constants';
import { DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { addMonths, todayIn, type DayRange, type QuickRange } from '../../../lib/sales-range';

type QuickRangePickerProps = {
  range: QuickRange;
  custom: DayRange | undefined;
  timeZone: string;
  onChange: (range: QuickRange, custom?: DayRange) => void;
};

const dayFormat = 'YYYY-MM-DD';

/**
 * The spec's quick ranges; a custom range picks days up to today and at most three months apart. The
 * picker's footer says so, and once a start day is chosen, names the last end day it allows.
 */
export function QuickRangePicker({ range, custom, timeZone, onChange }: QuickRangePickerProps) {
  const { t } = useTranslation();
  const today = todayIn(timeZone);
  const disabledDate = (current: Dayjs, info: { from?: Dayjs }) => {
    const day = current.format(dayFormat);
    if (day > today) return true;
    if (!info.from) return false;
    const from = info.from.format(dayFormat);
    return day > addMonths(from, maxQueryRangeMonths) || from > addMonths(day, maxQueryRangeMonths);
  };
  // The start day just picked in the open panel, while its end is still to choose.
  const [pickedStart, setPickedStart] = useState<string | null>(null);
  const lastEnd = (from: string) => {
    const limit = addMonths(from, maxQueryRangeMonths);
    return limit < today ? limit : today;
  };
  const limitHint = () => (
    <div className="range-limit-hint" role="note" data-testid="range-limit-hint">
      {pickedStart
        ? t('sales.range.limitFrom', {
            months: maxQueryRangeMonths,
            date: formatDate(`${lastEnd(pickedStart)}T00:00:00Z`, undefined, 'UTC'),
          })
        : t('sales.range.limit', { months: maxQueryRangeMonths })}
    </div>
  );

  return (
    <>
      <Select
        aria-label={t('sales.range.label')}
        value={range}
        className="sales-filter-range"
        popupMatchSelectWidth={false}
        options={quickRanges.map((value) => ({ value, label: t(`sales.range.${value}`) }))}
        onChange={(value: QuickRange) => {
          if (value !== 'custom') onChange(value);
          else onChange('custom', custom ?? { from: today, to: today });
        }}
      />
      {range === 'custom' ? (
        <DatePicker.RangePicker
          aria-label={t('sales.range.custom')}
          allowClear={false}
          value={custom ? [dayjs(custom.from), dayjs(custom.to)] : null}
          disabledDate={disabledDate}
          renderExtraFooter={limitHint}
          onCalendarChange={(days, _texts, info) => {
            const from = days?.[0];
            setPickedStart(info.range === 'start' && from ? from.format(dayFormat) : null);
          }}
          onOpenChange={(open) => {
            if (!open) setPickedStart(null);
          }}
          onChange={(days) => {
            const [from, to] = days ?? [];
            if (from && to) onChange('custom', { from: from.format(dayFormat), to: to.format(dayFormat) });
          }}
        />
      ) : null}
    </>
  );
}
