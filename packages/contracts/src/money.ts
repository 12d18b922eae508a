import { transactionStatuses as status } from './constants';

/**
 * Revenue: what sales brought in, their total less refunds. The api's statistics, dashboard,
 * transaction totals and device screen all compute it here (and `revenueSql` in the api for SQL).
 */
export const revenueOf = (sales: { total: number; refund: number }): number => sales.total - sales.refund;

/**
 * A sale may be refunded while its money has not left in a withdrawal: cash, in settlement,
 * withdrawable or self-settled. Not once refunded, not a free promotion (nothing was paid).
 */
export const refundableStatuses = [
  status.offline,
  status.inSettlement,
  status.withdrawable,
  status.selfSettled,
] as const;

export const isRefundableStatus = (value: number): boolean => (refundableStatuses as readonly number[]).includes(value);

/**
 * The statuses a sale passes through in the wallet, in order: posted after its settlement days
 * (settling -> withdrawable), claimed by a withdrawal (withdrawing), paid out (deposited).
 */
export const walletStatuses = {
  settling: status.inSettlement,
  withdrawable: status.withdrawable,
  withdrawing: status.withdrawing,
  deposited: status.deposited,
} as const;
