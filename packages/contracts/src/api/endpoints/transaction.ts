import { z } from 'zod';
import { ErrorCode } from '../../errors';
import { idParam, requestContextQuery } from '../../schemas/common';
import {
  revenueStatistics,
  statisticsQuery,
  transactionDetail,
  transactionExportQuery,
  transactionPage,
  transactionQuery,
} from '../../schemas/transaction';
import { endpoint } from '../endpoint';
import { apiRoutes } from '../routes';

const tags = ['transaction'];
/** What a read over a range of days may be refused with: no merchant, a bad range, more than three months. */
const rangeRefusals = [
  ErrorCode.USER_OR_MERCHANT_NOT_FOUND,
  ErrorCode.TIME_RANGE_INVALID,
  ErrorCode.QUERY_RANGE_TOO_LONG,
] as const;

export const transactionEndpoints = {
  revenueStatistics: endpoint(apiRoutes.revenueStatistics, {
    tags,
    summary: 'Revenue and count over the range, grouped by day, week, month, place, device, machine type or gateway',
    description: 'Days in `tz` (else the merchant zone); at most three months (1103001), from <= to (1106001).',
    query: statisticsQuery.extend(requestContextQuery.shape),
    result: revenueStatistics,
    refusals: rangeRefusals,
  }),
  transactionList: endpoint(apiRoutes.transactionList, {
    tags,
    summary: 'Transaction records, one page, with totals of the whole filtered set',
    description:
      'Filters combine. Days are read in `tz` (else the merchant zone): at most three months (1103001), from <= to (1106001).',
    query: transactionQuery.extend(requestContextQuery.shape),
    result: transactionPage,
    refusals: rangeRefusals,
  }),
  transactionExport: endpoint(apiRoutes.transactionExport, {
    tags,
    summary: 'The filtered transactions as a CSV or XLSX file (same filters and limits as the list)',
    query: transactionExportQuery.extend(requestContextQuery.shape),
    produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    refusals: rangeRefusals,
  }),
  transactionRefund: endpoint(apiRoutes.transactionRefund, {
    tags,
    summary: 'Refund a sale in full, before its money left in a withdrawal (10010 after); a repeat changes nothing',
    params: idParam,
    headers: z.object({ 'idempotency-key': z.string().max(128).optional() }),
    result: transactionDetail,
    refusals: [ErrorCode.USER_OR_MERCHANT_NOT_FOUND, ErrorCode.DATA_NOT_FOUND, ErrorCode.PAYMENT_FAILED],
  }),
  transactionDetail: endpoint(apiRoutes.transactionDetail, {
    tags,
    summary: 'One transaction with its order info',
    params: idParam,
    result: transactionDetail,
    refusals: [ErrorCode.USER_OR_MERCHANT_NOT_FOUND, ErrorCode.DATA_NOT_FOUND],
  }),
};
