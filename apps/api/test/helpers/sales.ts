import type { PaymentGateway } from '@sbo/contracts';
import { initialTransactionStatus, mobilePaymentFee, settlementRules } from '@sbo/contracts/settlement';
import type { Database } from '../../src/db/client';
import { transactions } from '../../src/db/schema';

export type SaleInput = {
  merchantId: number;
  deviceId?: number | null;
  placeId?: number | null;
  machineType?: number | null;
  payGateway?: PaymentGateway;
  total?: number;
  encore?: number;
  createdAt: Date;
  status?: number;
  currency?: string;
  /** A card top-up is listed with the sales but is no sale. */
  purpose?: 'sale' | 'topUp';
};

/**
 * Writes a sale as the gateway would (status, fee and posting time from the gateway's rule), as a
 * payment the gateway confirmed unless `status` says otherwise.
 */
export async function insertSale(db: Database, input: SaleInput) {
  const payGateway = input.payGateway ?? 'LinePay';
  const total = input.total ?? 6000;
  const encore = input.encore ?? 0;
  const collected = total - encore;
  const rule = settlementRules[payGateway];
  const [row] = await db
    .insert(transactions)
    .values({
      merchantId: input.merchantId,
      deviceId: input.deviceId ?? null,
      placeId: input.placeId ?? null,
      machineType: input.machineType ?? null,
      payGateway,
      status: input.status ?? initialTransactionStatus(payGateway, true),
      currency: input.currency ?? 'TWD',
      total,
      encore,
      collected,
      fee: mobilePaymentFee(payGateway, collected),
      createdAt: input.createdAt,
      expectPostingAt:
        rule.kind === 'platform' ? new Date(input.createdAt.getTime() + rule.postingDays * 86_400_000) : null,
      orderInfo: { course: 'standard', dryTemp: 2 },
      purpose: input.purpose ?? 'sale',
    })
    .returning();
  return row!;
}
