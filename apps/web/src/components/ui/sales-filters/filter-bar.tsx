import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayRange, QuickRange } from '../../../lib/sales-range';
import { QuickRangePicker } from './quick-range-picker';
import { RangeShortenedNotice } from './range-shortened-notice';
import './sales-filters.css';

type RangeFilters = { range: QuickRange; custom?: DayRange; shortened?: boolean };

type FilterBarProps<Filters extends RangeFilters> = {
  filters: Filters;
  timeZone: string;
  /** The filters with a new range; the other choices stay. */
  onChange: (filters: Filters) => void;
  /** The screen's own pickers, after the range. */
  children?: ReactNode;
  /** Offers "Clear filters" (the range stays) while something besides the range is chosen. */
  onClear?: () => void;
};

/** A records or statistics screen's filters: the range first, the screen's pickers, and a way to clear them. */
export function FilterBar<Filters extends RangeFilters>({
  filters,
  timeZone,
  onChange,
  children,
  onClear,
}: FilterBarProps<Filters>) {
  const { t } = useTranslation();
  return (
    <search className="sales-filters" aria-label={t('sales.filter.label')}>
      <QuickRangePicker
        range={filters.range}
        custom={filters.custom}
        timeZone={timeZone}
        onChange={(range, custom) => onChange({ ...filters, range, custom, shortened: undefined })}
      />
      {children}
      {onClear ? (
        <Button type="link" onClick={onClear}>
          {t('sales.filter.clear')}
        </Button>
      ) : null}
      {filters.shortened && filters.custom ? <RangeShortenedNotice shown={filters.custom} /> : null}
    </search>
  );
}
