import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayRange, QuickRange } from '../../../lib/sales-range';
import { QuickRangePicker } from './quick-range-picker';
import './sales-filters.css';

type FilterBarProps = {
  range: QuickRange;
  custom: DayRange | undefined;
  timeZone: string;
  onRangeChange: (range: QuickRange, custom?: DayRange) => void;
  /** The screen's own pickers, after the range. */
  children?: ReactNode;
  /** Offers "Clear filters" (the range stays) while something besides the range is chosen. */
  onClear?: () => void;
};

/** A records or statistics screen's filters: the range first, the screen's pickers, and a way to clear them. */
export function FilterBar({ range, custom, timeZone, onRangeChange, children, onClear }: FilterBarProps) {
  const { t } = useTranslation();
  return (
    <search className="sales-filters" aria-label={t('sales.filter.label')}>
      <QuickRangePicker range={range} custom={custom} timeZone={timeZone} onChange={onRangeChange} />
      {children}
      {onClear ? (
        <Button type="link" onClick={onClear}>
          {t('sales.filter.clear')}
        </Button>
      ) : null}
    </search>
  );
}
