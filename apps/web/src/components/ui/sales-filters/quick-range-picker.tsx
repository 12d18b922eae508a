import { quickRanges } from '@sbo/contracts/constants';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { todayIn, type DayRange, type QuickRange } from '../../../lib/sales-range';
import { CustomRangePicker } from './custom-range-picker';

type QuickRangePickerProps = {
  range: QuickRange;
  custom: DayRange | undefined;
  timeZone: string;
  onChange: (range: QuickRange, custom?: DayRange) => void;
};

/** The spec's quick ranges; a custom range picks days up to today and at most three months apart. */
export function QuickRangePicker({ range, custom, timeZone, onChange }: QuickRangePickerProps) {
  const { t } = useTranslation();
  const today = todayIn(timeZone);

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
        <CustomRangePicker
          value={custom ?? { from: today, to: today }}
          today={today}
          placeholders={[t('sales.range.from'), t('sales.range.to')]}
          onChange={(days) => onChange('custom', days)}
        />
      ) : null}
    </>
  );
}
