import type { DeviceLogQuery, DeviceLogRow } from '@sbo/contracts';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { dayRange } from '../../lib/day-range';
import type { DeviceScope } from '../../scope/device-scope';
import { findMerchant } from '../merchant/service';
import * as repo from './repository';

/**
 * The device log (spec sections 3 and 9). Days are read in the request's `tz` (else the merchant's
 * zone); a range longer than three months answers 1103001, an impossible one 1106001.
 */
export function createDeviceLogService(deps: { db: Database; clock: Clock }) {
  const { db } = deps;

  return {
    async list(scope: DeviceScope, query: DeviceLogQuery, tz: string | null) {
      const timeZone = tz ?? (await findMerchant(db, scope))?.timezone ?? 'UTC';
      const { from, until } = dayRange(query, timeZone, deps.clock.now());
      const { rows, total } = await repo.listLogs(db, scope, { ...query, from, until });
      const items: DeviceLogRow[] = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
      return { items, total, page: query.page, pageSize: query.pageSize };
    },
  };
}
