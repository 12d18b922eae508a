import { maxQueryRangeMonths } from '@sbo/contracts/constants';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DayRange } from '../../../lib/sales-range';
import { dayLabel } from './custom-range-picker';

/**
 * Says that the days an address asked for spanned more than three months, and where they now end: the
 * screen shows the longest range its start allows instead of asking the api for one it refuses.
 */
export function RangeShortenedNotice({ shown }: { shown: DayRange }) {
  const { t } = useTranslation();
  return (
    <Alert
      className="range-shortened"
      data-testid="range-shortened"
      type="warning"
      showIcon
      title={t('sales.range.shortened', {
        months: maxQueryRangeMonths,
        from: dayLabel(shown.from),
        date: dayLabel(shown.to),
      })}
    />
  );
}
