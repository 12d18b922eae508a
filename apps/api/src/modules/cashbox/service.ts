import { ErrorCode, type CashboxTrip, type CashboxTripDetail, type CashboxTripStart } from '@sbo/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { MerchantAuth } from '../../plugins/access';
import type { CommandRunner } from '../../machines/command-runner';
import type { DeviceScope } from '../../scope/device-scope';
import { findDevice } from '../device/service';
import * as repo from './repository';

const toTrip = (row: repo.TripRow): CashboxTrip => ({
  ...row,
  startedAt: row.startedAt.toISOString(),
  settledAt: row.settledAt?.toISOString() ?? null,
  difference: row.collectedTotal - row.expectedTotal,
});

/**
 * The trip assistant (cash-box collection): a trip over chosen places or machines shows what each
 * cash box should hold; the collector records what they found; settling the trip tells each
 * collected machine to start its count over (`collectCashBox`) and writes a settlement log row.
 */
export function createCashboxService(deps: { db: Database; clock: Clock; runCommand: CommandRunner }) {
  const { db, clock, runCommand } = deps;

  async function openTrip(scope: DeviceScope, id: number) {
    const trip = await repo.findTrip(db, scope, id);
    if (!trip) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    if (trip.status !== 'open') throw new AppError(ErrorCode.CASHBOX_TRIP_SETTLED);
    return trip;
  }

  async function detail(scope: DeviceScope, id: number): Promise<CashboxTripDetail> {
    const trip = await repo.findTrip(db, scope, id);
    if (!trip) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    const items = await repo.tripItems(db, scope, id);
    return {
      ...toTrip(trip),
      items: items.map((item) => ({
        deviceId: item.deviceId,
        deviceName: item.deviceName,
        place: item.placeId === null ? null : { id: item.placeId, name: item.placeTitle ?? '' },
        online: item.online,
        currentAmount: item.currentAmount,
        expectedAmount: item.collectedAmount === null ? item.currentAmount : item.expectedAmount,
        collectedAmount: item.collectedAmount,
        collectedAt: item.collectedAt?.toISOString() ?? null,
        difference: item.collectedAmount === null ? null : item.collectedAmount - item.expectedAmount,
        resetResult: item.resetResult,
      })),
    };
  }

  return {
    detail,

    async list(scope: DeviceScope, query: { page: number; pageSize: number; status?: 'open' | 'settled' }) {
      const { rows, total } = await repo.listTrips(db, scope, query);
      return { items: rows.map(toTrip), total, page: query.page, pageSize: query.pageSize };
    },

    async start(auth: MerchantAuth, input: CashboxTripStart) {
      const machines = await repo.machinesForTrip(db, auth, input.deviceIds, input.placeIds);
      const found = new Set(machines.map((m) => m.id));
      if (input.deviceIds.some((id) => !found.has(id))) throw new AppError(ErrorCode.DEVICES_NOT_OF_MERCHANT);
      if (machines.length === 0) throw new AppError(ErrorCode.DEVICE_NOT_FOUND);
      const id = await db.transaction(async (tx) => {
        const tripId = await repo.insertTrip(tx, {
          merchantId: auth.merchantId,
          note: input.note,
          startedBy: auth.userId,
          startedAt: clock.now(),
        });
        await repo.insertTripItems(tx, tripId, machines);
        return tripId;
      });
      return detail(auth, id);
    },

    async collect(auth: MerchantAuth, tripId: number, deviceId: number, collectedAmount: number) {
      await openTrip(auth, tripId);
      const current = (await repo.machinesForTrip(db, auth, [deviceId], []))[0];
      if (!current) throw new AppError(ErrorCode.DEVICE_NOT_FOUND);
      const recorded = await repo.recordCollection(db, tripId, deviceId, {
        collectedAmount,
        expectedAmount: current.amount,
        at: clock.now(),
        by: auth.userId,
      });
      if (!recorded) throw new AppError(ErrorCode.DEVICE_NOT_FOUND);
      return detail(auth, tripId);
    },

    async settle(auth: MerchantAuth, tripId: number) {
      const collected = await db.transaction(async (tx) => {
        const trip = await repo.findTrip(tx, auth, tripId, true);
        if (!trip) throw new AppError(ErrorCode.DATA_NOT_FOUND);
        if (trip.status !== 'open') throw new AppError(ErrorCode.CASHBOX_TRIP_SETTLED);
        const items = (await repo.tripItems(tx, auth, tripId)).filter((item) => item.collectedAmount !== null);
        if (items.length === 0) throw new AppError(ErrorCode.CASHBOX_NOTHING_COLLECTED);
        await repo.markSettled(tx, tripId, auth.userId, clock.now());
        await writeAudit(tx, auth, {
          action: 'cashbox.settle',
          entity: 'cashboxTrip',
          entityId: tripId,
          after: {
            devices: items.map((item) => ({
              id: item.deviceId,
              expected: item.expectedAmount,
              collected: item.collectedAmount,
            })),
          },
        });
        return items;
      });
      // Each machine starts its count over; one that does not answer keeps its count and says so in the trip.
      for (const item of collected) {
        const device = await findDevice(db, auth, item.deviceId);
        let result: 'ok' | 'failed' | 'timeout' | 'offline' = 'ok';
        if (!device) result = 'failed';
        else {
          try {
            await runCommand(auth, device, {
              action: 'collectCashBox',
              params: { expectedAmount: item.expectedAmount },
              log: {
                key: 'deviceLog.settlement.cashBox',
                content: `Cash box collected: ${item.collectedAmount} of ${item.expectedAmount} expected`,
                params: { tripId, expected: item.expectedAmount, collected: item.collectedAmount ?? 0 },
                logType: 'settlement',
              },
            });
          } catch (error) {
            const unavailable = error instanceof AppError && error.code === ErrorCode.MACHINE_STATUS_UNAVAILABLE;
            result = unavailable ? (device.online ? 'timeout' : 'offline') : 'failed';
          }
        }
        await repo.setResetResult(db, tripId, item.deviceId, result);
      }
      return detail(auth, tripId);
    },

    async cancel(auth: MerchantAuth, tripId: number) {
      await openTrip(auth, tripId);
      await repo.deleteOpenTrip(db, auth, tripId);
      return { deleted: true };
    },
  };
}
export type CashboxService = ReturnType<typeof createCashboxService>;
