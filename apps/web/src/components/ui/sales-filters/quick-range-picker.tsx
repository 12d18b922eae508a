import { maxQueryRangeMonths, quickRanges } from '@sbo/contracts/constants';
import { DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { addMonths, todayIn, type DayRange, type QuickRange } from '../../../lib/sales-range';

type QuickRangePickerProps = {
  range: QuickRange;
  custom: DayRange | undefined;
  timeZone: string;
  onChange: (range: QuickRange, custom?: DayRange) => void;
};

const dayFormat = 'YYYY-MM-DD';

/** The spec's quick ranges; a custom range picks days up to today and at most three months apart. */
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
          onChange={(days) => {
            const [from, to] = days ?? [];
            if (from && to) onChange('custom', { from: from.format(dayFormat), to: to.format(dayFormat) });
          }}
        />
      ) : null}
    </>
  );
}
