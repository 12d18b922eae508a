import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/**
 * The live feed pushes device changes but not every sale, so the overview asks again every
 * 10 seconds while the page is visible: sales and machine counts stay current without a reload.
 */
const overviewRefreshMs = 10_000;

export function useDashboardOverview(timeZone: string) {
  return useQuery({
    queryKey: dashboardKeys.overview(timeZone),
    queryFn: ({ signal }) => callApi(apiRoutes.dashboardOverview, { query: { tz: timeZone }, signal }),
    refetchInterval: overviewRefreshMs,
  });
}
