import { ErrorCode, maxQueryRangeMonths, type DeviceLogQuery, type DeviceLogRow } from '@sbo/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { addDays, addMonths, compareDays, dayIn, parseDay, startOfDay, type Day } from '../../lib/time-zone';
import type { DeviceScope } from '../device/repository';
import { findMerchant } from '../merchant/repository';
import * as repo from './repository';

/**
 * The device log (spec sections 3 and 9). Days are read in the request's `tz` (else the merchant's
 * zone); a range longer than three months answers 1103001, an impossible one 1106001.
 */
export function createDeviceLogService(deps: { db: Database; clock: Clock }) {
  const { db } = deps;

  function range(query: DeviceLogQuery, timeZone: string): { from: Date; until: Date } {
    const read = (text: string | undefined): Day | undefined => {
      if (text === undefined) return undefined;
      const day = parseDay(text);
      if (!day) throw new AppError(ErrorCode.TIME_RANGE_INVALID);
      return day;
    };
    const to = read(query.to) ?? (query.from ? null : dayIn(deps.clock.now(), timeZone));
    const from = read(query.from) ?? addDays(to!, -6);
    const last = to ?? dayIn(deps.clock.now(), timeZone);
    if (compareDays(from, last) > 0) throw new AppError(ErrorCode.TIME_RANGE_INVALID);
    if (compareDays(last, addMonths(from, maxQueryRangeMonths)) > 0) throw new AppError(ErrorCode.QUERY_RANGE_TOO_LONG);
    return { from: startOfDay(from, timeZone), until: startOfDay(addDays(last, 1), timeZone) };
  }

  return {
    async list(scope: DeviceScope, query: DeviceLogQuery, tz: string | null) {
      const timeZone = tz ?? (await findMerchant(db, scope))?.timezone ?? 'UTC';
      const { from, until } = range(query, timeZone);
      const { rows, total } = await repo.listLogs(db, scope, { ...query, from, until });
      const items: DeviceLogRow[] = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
      return { items, total, page: query.page, pageSize: query.pageSize };
    },
  };
}
