import { z } from 'zod';
import { ErrorCode } from '../../errors';
import { idParam } from '../../schemas/common';
import { page } from '../../schemas/pagination';
import { transactionRow } from '../../schemas/transaction';
import { walletSummary, withdrawal, withdrawalListQuery } from '../../schemas/wallet';
import { endpoint } from '../endpoint';
import { apiRoutes } from '../routes';

const tags = ['wallet'];

/** Money-moving calls carry an Idempotency-Key: a repeat returns the first answer. */
const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{8,128}$/, '8-128 letters, digits, or _ . : -')
    .describe('one per intended withdrawal, e.g. a UUID'),
});

export const walletEndpoints = {
  walletSummary: endpoint(apiRoutes.walletSummary, {
    tags,
    summary: 'Withdrawable, processing and withdrawn amounts, fees, and the default bank account',
    result: walletSummary,
    refusals: [ErrorCode.USER_OR_MERCHANT_NOT_FOUND],
  }),
  walletWithdraw: endpoint(apiRoutes.walletWithdraw, {
    tags,
    summary: 'Withdraw everything withdrawable to the default verified bank account',
    description:
      '1104022 payouts are not set up on this server (nothing changes); 1104002 nothing to withdraw (or not more than the fee); 1104003 no default verified account.',
    headers: idempotencyHeaders,
    result: withdrawal,
    refusals: [
      ErrorCode.USER_OR_MERCHANT_NOT_FOUND,
      ErrorCode.PAYOUTS_NOT_SET_UP,
      ErrorCode.BANK_ACCOUNT_INVALID,
      ErrorCode.NO_WITHDRAWABLE_AMOUNT,
    ],
  }),
  withdrawRecordList: endpoint(apiRoutes.withdrawRecordList, {
    tags,
    summary: 'Withdrawals, newest first',
    query: withdrawalListQuery,
    result: page(withdrawal),
    refusals: [],
  }),
  withdrawRecordDetail: endpoint(apiRoutes.withdrawRecordDetail, {
    tags,
    summary: 'One withdrawal',
    params: idParam,
    result: withdrawal,
    refusals: [ErrorCode.DATA_NOT_FOUND],
  }),
  withdrawRecordTransactions: endpoint(apiRoutes.withdrawRecordTransactions, {
    tags,
    summary: 'The sales one withdrawal paid out',
    params: idParam,
    query: withdrawalListQuery,
    result: page(transactionRow),
    refusals: [ErrorCode.DATA_NOT_FOUND, ErrorCode.USER_OR_MERCHANT_NOT_FOUND],
  }),
};
