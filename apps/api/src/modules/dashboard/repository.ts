import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { visibleDevices } from '../../scope/device-scope-repository';
import type { DeviceScope } from '../../scope/device-scope';

/** The member's machines per type: how many, online, in use, and showing a fault. */
export async function machineCounts(db: Executor, scope: DeviceScope) {
  const result = await db.execute<{
    machineType: number;
    total: number;
    online: number;
    inUse: number;
    faulted: number;
  }>(
    sql`select devices.machine_type::int as "machineType", count(*)::int as "total",
          count(*) filter (where s.online)::int as "online",
          count(*) filter (where s.online and s.report->>'status' in ('operating', 'drumCleaning'))::int as "inUse",
          count(*) filter (where s.online and (s.report->>'errorCode') is not null)::int as "faulted"
        from devices
        left join device_hardware h on h.device_id = devices.id
        left join device_state s on s.hwid = h.hwid
       where ${visibleDevices(scope)}
       group by 1 order by 1`,
  );
  return result.rows;
}
