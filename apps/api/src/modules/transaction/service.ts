import {
  ErrorCode,
  isRefundableStatus,
  revenueOf,
  transactionStatuses,
  type MerchantInfo,
  type TransactionDetail,
  type TransactionFilter,
  type TransactionQuery,
  type TransactionRow,
} from '@sbo/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { dayRange, formatDay, type DayRange } from '../../lib/day-range';
import { writeAudit } from '../../lib/audit';
import { dayIn } from '../../lib/time-zone';
import type { MerchantAuth } from '../../plugins/access';
import type { DeviceScope } from '../../scope/device-scope';
import type { PaymentGateways } from '../../payments/gateways';
import { refundCardOfSale } from '../cards/service';
import { orderOfSale, refundOrderOfSale } from '../checkout/service';
import { findMerchant, lockMerchant } from '../merchant/service';
import { transactionPage } from './page-repository';
import * as repo from './repository';

/** What the dashboard reads of sales: pages and sums over the member's visible transactions. */
export {
  listTransactions,
  sumFromRollup,
  sumTransactions,
  sumUnverified,
  type SalesScope,
  type Totals,
} from './repository';

/** `T` + the sale's day in the merchant's zone + its sequence: what people read out on the phone. */
export function transactionNumber(id: number, createdAt: Date, timeZone: string): string {
  return `T${formatDay(dayIn(createdAt, timeZone)).replaceAll('-', '')}${String(id).padStart(8, '0')}`;
}

/** A refunded sale is never posted and pays no fee (the wallet takes fees only of withdrawable sales). */
const isRefunded = (record: repo.TransactionRecord) => record.status === transactionStatuses.refunded;

export function toRow(record: repo.TransactionRecord, timeZone: string): TransactionRow {
  return {
    id: record.id,
    transactionId: transactionNumber(record.id, record.createdAt, timeZone),
    orderId: record.orderId,
    createdAt: record.createdAt.toISOString(),
    place: record.placeId === null ? null : { id: record.placeId, name: record.placeTitle ?? '' },
    device: record.deviceId === null ? null : { id: record.deviceId, name: record.deviceName ?? '' },
    payGateway: record.payGateway,
    expectPostingAt: isRefunded(record) ? null : (record.expectPostingAt?.toISOString() ?? null),
    status: record.status,
    currency: record.currency,
    total: record.total,
    reward: record.reward,
    balance: record.balance,
    encore: record.encore,
    refund: record.refund,
  };
}

function toDetail(
  record: repo.TransactionRecord,
  timeZone: string,
  order: TransactionDetail['order'] = null,
): TransactionDetail {
  const info = record.orderInfo;
  return {
    ...toRow(record, timeZone),
    machineType: record.machineType,
    collected: record.collected,
    fee: isRefunded(record) ? 0 : record.fee,
    postedAt: record.postedAt?.toISOString() ?? null,
    refundedAt: record.refundedAt?.toISOString() ?? null,
    withdrawalId: record.withdrawalId,
    clockOff: record.reportedAt !== null,
    reportedAt: record.reportedAt?.toISOString() ?? null,
    orderInfo: {
      selection: info.selection ?? null,
      course: info.course ?? null,
      dryTemp: info.dryTemp ?? null,
      addDry: info.addDry ?? null,
      additive: info.additive ?? [],
      dryTime: info.dryTime ?? null,
    },
    order,
    promotion:
      record.promotionId === null
        ? null
        : { id: record.promotionId, name: record.promotionName ?? '', discount: record.promotionDiscount },
  };
}

/** A member's scope, with the merchant's record when the access check read it with the session. */
type MerchantReader = DeviceScope & { merchantRecord?: MerchantInfo | null };

type MerchantZone = { timeZone: string; merchantZone: string; currency: string; visible: repo.SalesScope };

/**
 * Transaction records (spec sections 3 and 4): filters that combine, days in the request's `tz`
 * (else the merchant's), at most three months (1103001), a sensible range (1106001).
 */
export function createTransactionService(deps: { db: Database; clock: Clock; gateways: PaymentGateways }) {
  const { db } = deps;

  async function zoneOf(scope: MerchantReader, tz: string | null): Promise<MerchantZone> {
    // The merchant's record and the member's whitelist come with the session when the caller has them.
    const [merchant, visible] = await Promise.all([
      scope.merchantRecord !== undefined ? scope.merchantRecord : findMerchant(db, scope),
      repo.salesScope(db, scope),
    ]);
    if (!merchant) throw new AppError(ErrorCode.USER_OR_MERCHANT_NOT_FOUND);
    return { timeZone: tz ?? merchant.timezone, merchantZone: merchant.timezone, currency: merchant.currency, visible };
  }

  function resolve(filter: TransactionFilter, timeZone: string): { range: DayRange; resolved: repo.ResolvedFilter } {
    const range = dayRange(filter, timeZone, deps.clock.now());
    const { from: _from, to: _to, ...rest } = filter;
    return { range, resolved: { ...rest, from: range.from, until: range.until } };
  }

  /** The detail, with the checkout order behind the sale when there is one (within the merchant). */
  async function withOrder(record: repo.TransactionRecord, zone: MerchantZone): Promise<TransactionDetail> {
    const sale = { merchantId: zone.visible.merchantId, payGateway: record.payGateway, orderId: record.orderId };
    return toDetail(record, zone.merchantZone, await orderOfSale(db, sale));
  }

  return {
    zoneOf,
    resolve,

    async list(scope: MerchantReader, query: TransactionQuery, tz: string | null) {
      const zone = await zoneOf(scope, tz);
      const { range, resolved } = resolve(query, zone.timeZone);
      const useRollup = query.status === undefined && zone.timeZone === zone.merchantZone;
      const days = useRollup ? { firstDay: formatDay(range.first), lastDay: formatDay(range.last) } : null;
      const { records, totals: sums, notCounted } = await transactionPage(db, zone.visible, resolved, query, days);
      return {
        items: records.map((record) => toRow(record, zone.merchantZone)),
        // The rows listed include unverified sales and card top-ups; the totals (money) do not, and say so.
        total: sums.count + notCounted.unverified + notCounted.topUps,
        notCounted,
        page: query.page,
        pageSize: query.pageSize,
        totals: { ...sums, revenue: revenueOf(sums) },
        currency: zone.currency,
      };
    },

    async ofWithdrawal(scope: DeviceScope, withdrawalId: number, page: { page: number; pageSize: number }) {
      const zone = await zoneOf(scope, null);
      const { rows, total } = await repo.listTransactionsOfWithdrawal(db, zone.visible, withdrawalId, page);
      return {
        items: rows.map((row) => toRow(row, zone.merchantZone)),
        total,
        page: page.page,
        pageSize: page.pageSize,
      };
    },

    /**
     * A full refund; a sale already paid out in a withdrawal goes through support (10010). Repeats
     * are harmless. Locks as every path that touches sales and withdrawals does (`lockMerchant`,
     * then the sales by id), so a refund racing a withdrawal queues behind it instead of
     * deadlocking, and then answers what really happened.
     */
    async refund(auth: MerchantAuth, id: number) {
      const zone = await zoneOf(auth, null);
      await db.transaction(async (tx) => {
        await lockMerchant(tx, auth);
        const before = await repo.lockTransaction(tx, zone.visible, id);
        if (!before) throw new AppError(ErrorCode.DATA_NOT_FOUND);
        if (before.status === transactionStatuses.refunded) return;
        if (!isRefundableStatus(before.status)) throw new AppError(ErrorCode.PAYMENT_FAILED);
        // A checkout payment goes back through its gateway first; a refusal (10010) changes nothing.
        await refundOrderOfSale(
          tx,
          { gateways: deps.gateways, clock: deps.clock },
          { ...before, merchantId: auth.merchantId },
        );
        // A card charge goes back to its card; a card top-up comes off the card, then back through its gateway.
        await refundCardOfSale(
          tx,
          { gateways: deps.gateways, clock: deps.clock },
          { id, merchantId: auth.merchantId, payGateway: before.payGateway, orderId: before.orderId },
        );
        await repo.refundTransaction(tx, zone.visible, id, deps.clock.now());
        await writeAudit(tx, auth, {
          action: 'transaction.refund',
          entity: 'transaction',
          entityId: id,
          before: { status: before.status, refund: before.refund },
          after: { status: transactionStatuses.refunded, refund: before.total },
        });
      });
      const record = await repo.findTransaction(db, zone.visible, id);
      return withOrder(record!, zone);
    },

    async detail(scope: DeviceScope, id: number) {
      const zone = await zoneOf(scope, null);
      const record = await repo.findTransaction(db, zone.visible, id);
      if (!record) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      return withOrder(record, zone);
    },
  };
}
export type TransactionService = ReturnType<typeof createTransactionService>;
