import { maxQueryRangeMonths } from '@sbo/contracts/constants';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { lastAllowedDay, type DayRange, type DayText } from '../../../lib/sales-range';

const dayFormat = 'YYYY-MM-DD';

type CustomRangePickerProps = {
  value: DayRange;
  /** The merchant's today: no day after it can be picked. */
  today: DayText;
  /** Called once both days are chosen (clicked or typed), never with half a range. */
  onChange: (range: DayRange) => void;
  /** The two fields' names (placeholders, so screen readers name them too). */
  placeholders?: [string, string];
  className?: string;
};

/** A calendar day in the interface language (the day itself, no zone shift). */
export const dayLabel = (day: DayText) => formatDate(`${day}T00:00:00Z`, undefined, 'UTC');

/**
 * Every screen's custom days: the first click (or typed day) is the start, the second the end, and the
 * range applies when both are chosen. Days after today and ends more than three months after the
 * start are greyed out; the footer says so and, once a start is chosen, names the last end day allowed.
 */
export function CustomRangePicker({ value, today, onChange, placeholders, className }: CustomRangePickerProps) {
  const { t } = useTranslation();
  // One pair of day objects per chosen range: the picker resets what is being picked whenever its value
  // changes identity, so a new pair on every render would lose the start day picked a moment ago.
  const days = useMemo<[Dayjs, Dayjs]>(() => [dayjs(value.from), dayjs(value.to)], [value.from, value.to]);
  // The start day just picked in the open panel, while its end is still to choose.
  const [pickedStart, setPickedStart] = useState<DayText | null>(null);

  const disabledDate = (current: Dayjs, info: { from?: Dayjs }) => {
    const day = current.format(dayFormat);
    if (day > today) return true;
    if (!info.from) return false;
    const from = info.from.format(dayFormat);
    return day > lastAllowedDay(from, today) || from > lastAllowedDay(day, today);
  };
  const limitHint = () => (
    <div className="range-limit-hint" role="note" data-testid="range-limit-hint">
      {pickedStart
        ? t('sales.range.limitFrom', {
            months: maxQueryRangeMonths,
            date: dayLabel(lastAllowedDay(pickedStart, today)),
          })
        : t('sales.range.limit', { months: maxQueryRangeMonths })}
    </div>
  );

  return (
    <DatePicker.RangePicker
      className={className}
      allowClear={false}
      value={days}
      format={dayFormat}
      placeholder={placeholders}
      disabledDate={disabledDate}
      renderExtraFooter={limitHint}
      onCalendarChange={(picked, _texts, info) => {
        const from = picked?.[0];
        setPickedStart(info.range === 'start' && from ? from.format(dayFormat) : null);
      }}
      onOpenChange={(open) => {
        if (!open) setPickedStart(null);
      }}
      onChange={(picked) => {
        const [from, to] = picked ?? [];
        if (from && to) onChange({ from: from.format(dayFormat), to: to.format(dayFormat) });
      }}
    />
  );
}
