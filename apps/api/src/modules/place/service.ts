import { ErrorCode, type Place, type PlaceInput } from '@sbo/contracts';
import type { Database, Executor } from '../../db/client';
import { AppError, InvalidFields } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { isTimeZone } from '../../lib/time-zone';
import type { MerchantScope } from '../../scope/merchant-scope';
import * as repo from './repository';

type Actor = MerchantScope & { userId: number };
type PlaceRow = NonNullable<Awaited<ReturnType<typeof repo.findPlace>>>;

const toPlace = (row: PlaceRow): Place => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

function checkInput(input: PlaceInput): void {
  if (!isTimeZone(input.businessHours.timezone))
    throw new InvalidFields([{ path: 'body.businessHours.timezone', message: 'unknown time zone' }]);
}

/** The merchant's place (locked with `lock`); 1105001 when there is none of this id, another merchant's included. */
async function existingPlace(db: Executor, scope: MerchantScope, id: number, lock = false): Promise<PlaceRow> {
  const row = await repo.findPlace(db, scope, id, lock);
  if (!row) throw new AppError(ErrorCode.PLACE_INVALID);
  return row;
}

export function createPlaceService(deps: { db: Database; clock: Clock }) {
  const { db } = deps;
  return {
    async list(scope: MerchantScope, filter: repo.PlaceFilter) {
      const { rows, total } = await repo.listPlaces(db, scope, filter);
      return { items: rows.map(toPlace), total, page: filter.page, pageSize: filter.pageSize };
    },

    async get(scope: MerchantScope, id: number): Promise<Place> {
      return toPlace(await existingPlace(db, scope, id));
    },

    async create(actor: Actor, input: PlaceInput): Promise<Place> {
      checkInput(input);
      return db.transaction(async (tx) => {
        const id = await repo.insertPlace(tx, actor, input);
        await writeAudit(tx, actor, {
          action: 'place.create',
          entity: 'place',
          entityId: id,
          after: input,
        });
        return toPlace(await existingPlace(tx, actor, id));
      });
    },

    async update(actor: Actor, id: number, input: PlaceInput): Promise<Place> {
      checkInput(input);
      return db.transaction(async (tx) => {
        const before = await existingPlace(tx, actor, id, true);
        await repo.updatePlace(tx, actor, id, input, deps.clock.now());
        await writeAudit(tx, actor, {
          action: 'place.update',
          entity: 'place',
          entityId: id,
          before,
          after: input,
        });
        return toPlace(await existingPlace(tx, actor, id));
      });
    },

    /** A place with devices cannot go (1105002): move or unbind them first. */
    async remove(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await existingPlace(tx, actor, id, true);
        if (before.deviceCount > 0) throw new AppError(ErrorCode.PLACE_HAS_DEVICES);
        await repo.deletePlace(tx, actor, id);
        await writeAudit(tx, actor, {
          action: 'place.delete',
          entity: 'place',
          entityId: id,
          before,
        });
      });
    },
  };
}
