import { auditList, auditListQuery } from '../../schemas/audit';
import { endpoint } from '../endpoint';
import { apiRoutes } from '../routes';

export const auditEndpoints = {
  auditList: endpoint(apiRoutes.auditList, {
    tags: ['audit'],
    summary: 'Who changed what in this merchant, with before and after',
    query: auditListQuery,
    result: auditList,
    refusals: [],
  }),
};
