import { ErrorCode } from '../../errors';
import { requestContextQuery } from '../../schemas/common';
import { dashboardOverview } from '../../schemas/dashboard';
import { endpoint } from '../endpoint';
import { apiRoutes } from '../routes';

export const dashboardEndpoints = {
  dashboardOverview: endpoint(apiRoutes.dashboardOverview, {
    // Documented with the sales it sums up.
    tags: ['transaction'],
    summary: 'Sales today and this month, machines in use and online per type, the latest sales',
    description: 'Sales figures are null for a member without the transaction permission.',
    query: requestContextQuery,
    result: dashboardOverview,
    refusals: [ErrorCode.USER_OR_MERCHANT_NOT_FOUND],
  }),
};
