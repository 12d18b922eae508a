import type pg from 'pg';
import { eq } from 'drizzle-orm';
import { devices } from '../db/schema';
import { markEventRead } from '../modules/notification/event-repository';
import { raiseNotification, type RaisedEvent } from '../modules/notification/service';
import { databaseOf } from '../db/client';

type Machine = { id: number; place_id: number | null; name: string };

const hours = (n: number) => n * 3_600_000;

/**
 * A few past alerts for the demo merchant, raised the way the product raises them (so each member who
 * may see the machine gets them in the centre): a washer's door-lock fault, a dryer that went offline
 * and came back, a refund because a washer did not start, a cash box near capacity and an idle machine.
 * The older ones are already read, as they would be after a few days of use.
 */
export async function seedDemoNotifications(pool: pg.Pool, merchantId: number, now: Date): Promise<void> {
  const db = databaseOf(pool);
  const machines: Machine[] = await db
    .select({ id: devices.id, place_id: devices.placeId, name: devices.name })
    .from(devices)
    .where(eq(devices.merchantId, merchantId))
    .orderBy(devices.id);
  const byName = (name: string) => machines.find((machine) => machine.name === name);
  const at = (machine: Machine | undefined) => (machine ? { deviceId: machine.id, placeId: machine.place_id } : null);
  const washer = at(byName('Washer 2'));
  const dryer = at(byName('Dryer 2'));
  const refundAt = at(byName('Washer 4'));
  const changer = at(byName('Coin changer'));
  const vending = at(byName('Snack vending'));
  const since = new Date(now.getTime() - hours(30));
  const events: Array<Omit<RaisedEvent, 'merchantId'> & { read: boolean }> = [];
  if (dryer)
    events.push(
      {
        ...dryer,
        kind: 'deviceOffline',
        params: { offlineSince: since.toISOString() },
        dedupeKey: 'demo:offline',
        occurredAt: new Date(since.getTime() + 5 * 60_000),
        read: true,
      },
      {
        ...dryer,
        kind: 'deviceOnline',
        params: { since: since.toISOString() },
        dedupeKey: 'demo:online',
        occurredAt: new Date(since.getTime() + 47 * 60_000),
        read: true,
      },
    );
  if (washer)
    events.push({
      ...washer,
      kind: 'deviceError',
      code: 16091058,
      params: { code: 16091058, detail: null },
      dedupeKey: 'demo:fault',
      occurredAt: new Date(now.getTime() - hours(20)),
      read: false,
    });
  if (refundAt)
    events.push({
      ...refundAt,
      kind: 'paymentRefunded',
      params: { amount: 6000, currency: 'TWD', gateway: 'LinePay', course: 'Standard', reason: 'busy', saleId: null },
      dedupeKey: 'demo:refund',
      occurredAt: new Date(now.getTime() - hours(6)),
      read: false,
    });
  if (changer)
    events.push({
      ...changer,
      kind: 'cashBoxFull',
      params: { percent: 92, coins: 1840, amount: 1_840_000 },
      dedupeKey: 'demo:cash-box',
      occurredAt: new Date(now.getTime() - hours(3)),
      read: false,
    });
  if (vending)
    events.push({
      ...vending,
      kind: 'idleMachine',
      params: { lastSaleAt: new Date(now.getTime() - hours(9)).toISOString(), idleHours: 9, expectedSales: 4.5 },
      dedupeKey: 'demo:idle',
      occurredAt: new Date(now.getTime() - hours(1)),
      read: false,
    });
  for (const { read, ...event } of events) {
    const id = await raiseNotification(db, { ...event, merchantId }, event.occurredAt);
    if (id !== null && read) await markEventRead(db, [id], now);
  }
}
