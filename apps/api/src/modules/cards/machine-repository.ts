import { sql } from 'drizzle-orm';
import { cardGatewayOf, transactionStatuses } from '@sbo/contracts';
import type { Executor } from '../../db/client';
import { countedRevenueSql, minorUnits } from '../../lib/money-sql';

/**
 * The machines that take the OK card (those at its accepting places), with their state and their
 * card trades since `since` (the start of today). Their spend is revenue (`countedRevenueSql`): an
 * unverified sale (a machine's word no approved card payment matches) is a trade but no spend.
 */
export async function okMachineRows(db: Executor, merchantId: number, placeIds: readonly number[], since: Date) {
  if (placeIds.length === 0) return [];
  const result = await db.execute<Record<string, unknown>>(sql`
    select d.id, d.name, d.place_id, p.title as place_title, d.machine_type,
           coalesce(s.online, false) as online, s.last_seen_at, s.report ->> 'status' as status,
           count(t.id) filter (where t.status <> ${transactionStatuses.refunded}::int) as trades,
           ${countedRevenueSql(sql`t`)} as spend,
           (select max(l.created_at) from transactions l
             where l.device_id = d.id and l.merchant_id = d.merchant_id and l.pay_gateway = ${cardGatewayOf.ok}) as last_trade_at
      from devices d
      left join places p on p.id = d.place_id
      left join device_hardware h on h.device_id = d.id
      left join device_state s on s.hwid = h.hwid
      left join transactions t on t.device_id = d.id and t.merchant_id = d.merchant_id
                               and t.pay_gateway = ${cardGatewayOf.ok} and t.created_at >= ${since.toISOString()}
     where d.merchant_id = ${merchantId} and d.place_id in (${sql.join(
       placeIds.map((id) => sql`${id}`),
       sql`, `,
     )})
     group by d.id, p.title, s.online, s.last_seen_at, s.report
     order by p.title, d.name`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    place: r.place_id === null ? null : { id: Number(r.place_id), name: String(r.place_title ?? '') },
    machineType: Number(r.machine_type ?? 0),
    status: r.online ? String(r.status ?? 'unknown') : 'offline',
    online: Boolean(r.online),
    lastSeenAt: r.last_seen_at ? new Date(r.last_seen_at as string).toISOString() : null,
    tradesToday: Number(r.trades ?? 0),
    spendToday: minorUnits(r.spend),
    lastTradeAt: r.last_trade_at ? new Date(r.last_trade_at as string).toISOString() : null,
  }));
}
