import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { countedAsMoney, minorUnits } from '../../lib/money-sql';
import type { MerchantScope } from '../../scope/merchant-scope';

export type EffectSale = {
  createdAt: Date;
  total: number;
  refund: number;
  status: number;
  promotionId: number | null;
  promotionDiscount: number;
  timeZone: string;
  cardId: number | null;
  cardFirstUse: Date | null;
};

/**
 * The sales of the machines bound to a promotion in `[from, until)`, with the zone of their place
 * (else the merchant's) and, for a card sale, the card and when it was first used at a machine.
 */
export async function salesOfBoundMachines(
  db: Executor,
  scope: MerchantScope,
  promotionId: number,
  from: Date,
  until: Date,
): Promise<EffectSale[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select t.created_at as "createdAt", t.total as "total", t.refund as "refund", t.status,
      t.promotion_id as "promotionId", t.promotion_discount as "promotionDiscount",
      coalesce(p.business_hours->>'timezone', m.timezone) as "timeZone",
      c.card_id as "cardId",
      (select min(f.created_at) from card_entries f where f.card_id = c.card_id and f.kind = 'spend') as "cardFirstUse"
    from transactions t
    join merchants m on m.id = t.merchant_id
    left join places p on p.id = t.place_id
    left join lateral (select e.card_id from card_entries e where e.transaction_id = t.id limit 1) c on true
    where t.merchant_id = ${scope.merchantId}
      and t.device_id in (select pd.device_id from promotion_devices pd where pd.promotion_id = ${promotionId})
      and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${until.toISOString()}::timestamptz
      and ${countedAsMoney()}
    order by t.created_at`);
  return result.rows.map((row) => ({
    createdAt: new Date(row.createdAt as string),
    total: minorUnits(row.total),
    refund: minorUnits(row.refund),
    status: Number(row.status),
    promotionId: row.promotionId === null ? null : Number(row.promotionId),
    promotionDiscount: minorUnits(row.promotionDiscount),
    timeZone: String(row.timeZone),
    cardId: row.cardId === null ? null : Number(row.cardId),
    cardFirstUse: row.cardFirstUse ? new Date(row.cardFirstUse as string) : null,
  }));
}

export async function merchantTimeZone(db: Executor, scope: MerchantScope): Promise<string> {
  const result = await db.execute<{ timezone: string }>(
    sql`select timezone from merchants where id = ${scope.merchantId}`,
  );
  return result.rows[0]?.timezone ?? 'UTC';
}
