import { ErrorCode } from '../../errors';
import { requestContextQuery } from '../../schemas/common';
import { deviceLogQuery, deviceLogRow } from '../../schemas/device-log';
import { page } from '../../schemas/pagination';
import { endpoint } from '../endpoint';
import { apiRoutes } from '../routes';

export const deviceLogEndpoints = {
  deviceLogList: endpoint(apiRoutes.deviceLogList, {
    tags: ['device'],
    summary: 'The device log, newest first: days in `tz`, at most three months (1103001), from <= to (1106001)',
    query: deviceLogQuery.extend(requestContextQuery.shape),
    result: page(deviceLogRow),
    refusals: [ErrorCode.QUERY_RANGE_TOO_LONG, ErrorCode.TIME_RANGE_INVALID],
  }),
};
