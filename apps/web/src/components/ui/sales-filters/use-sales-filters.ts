import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { liveSearch, rebaseFilters } from '../../../lib/address-filters';
import { readSalesFilters, writeSalesFilters, type SalesFilters } from '../../../lib/sales-filters';
import type { QuickRange } from '../../../lib/sales-range';
import { browserTimeZone } from '../../../lib/time-zone';
import { useMerchantProfile } from '../../../lib/use-session';

/** The filters as the address holds them; a change starts again at the first page. */
export function useSalesFilters(defaultRange: QuickRange) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readSalesFilters(params, defaultRange), [params, defaultRange]);
  const setFilters = (next: SalesFilters) =>
    setParams(
      () => {
        const live = liveSearch();
        const written = writeSalesFilters(live, rebaseFilters(filters, next, readSalesFilters(live, defaultRange)));
        written.delete('page');
        return written;
      },
      { replace: true },
    );
  return { filters, setFilters, params, setParams };
}

/** The merchant's zone and currency: days and amounts are the merchant's, wherever the browser is. */
export function useMerchantMoney() {
  const profile = useMerchantProfile();
  const granted = profile?.permissions;
  // The same set while the profile's permissions are the same: what it is passed to need not draw again.
  const permissions = useMemo(() => new Set(granted ?? []), [granted]);
  return {
    timeZone: profile?.businessInfo.timezone ?? browserTimeZone(),
    currency: profile?.businessInfo.currency ?? 'TWD',
    permissions,
  };
}
