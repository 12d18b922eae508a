import { randomBytes } from 'node:crypto';
import { machineTypeByKind, type DeviceKind, type DeviceModel } from '@sbo/contracts/mqtt';
import type { Database } from '../../src/db/client';
import { deviceHardware, devices, merchantMembers, memberDeviceWhitelist, places } from '../../src/db/schema';
import { eq, sql } from 'drizzle-orm';
import { hashClaimCode } from '../../src/lib/claim-code';
import {
  deviceSecretKey,
  generateDeviceSecret,
  hashDeviceSecret,
  legacyHashDeviceSecret,
  mosquittoHash,
} from '../../src/lib/device-secret';

let counter = 0;
export const uniqueHwid = (prefix = 'T') => `${prefix}-${randomBytes(4).toString('hex')}-${(counter += 1)}`;

export async function createPlace(db: Database, merchantId: number, title = 'Test Laundry') {
  const [row] = await db
    .insert(places)
    .values({
      merchantId,
      title,
      address: 'No. 1, Test Road',
      type: 3,
      businessHours: {
        enabled: false,
        timezone: 'Asia/Taipei',
        hours: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
      },
    })
    .returning();
  return row!;
}

export async function createCloudDevice(
  db: Database,
  input: {
    merchantId: number;
    kind?: DeviceKind;
    model?: DeviceModel;
    name?: string;
    placeId?: number | null;
    productId?: number | null;
  },
) {
  const kind = input.kind ?? 'washer';
  const [row] = await db
    .insert(devices)
    .values({
      merchantId: input.merchantId,
      placeId: input.placeId ?? null,
      name: input.name ?? `Machine ${(counter += 1)}`,
      serialNum: `SN-${randomBytes(3).toString('hex')}`,
      machineType: machineTypeByKind[kind],
      model: input.model ?? 'AB3',
      productId: input.productId ?? null,
    })
    .returning();
  return row!;
}

/**
 * Registers a controller directly (the admin route is tested on its own); returns its secret.
 * `merchantId` is the merchant it is registered for; `claimCode`, the code that lets another claim it.
 */
export async function registerHardware(
  db: Database,
  input: {
    hwid?: string;
    model?: DeviceModel;
    deviceId?: number | null;
    merchantId?: number;
    claimCode?: string;
    /** Stored as the first release did (scrypt), as a controller registered before the keyed hash. */
    legacyHash?: boolean;
  },
) {
  const hwid = input.hwid ?? uniqueHwid();
  const secret = generateDeviceSecret();
  await db.insert(deviceHardware).values({
    hwid,
    model: input.model ?? 'AB3',
    merchantId: input.merchantId ?? null,
    claimCodeHash: input.claimCode ? hashClaimCode(input.claimCode) : null,
    secretHash: input.legacyHash
      ? await legacyHashDeviceSecret(secret)
      : hashDeviceSecret(await deviceSecretKey(db), secret),
    brokerHash: mosquittoHash(secret),
    deviceId: input.deviceId ?? null,
    boundAt: input.deviceId ? new Date() : null,
  });
  return { hwid, secret };
}

/** A cloud device with its controller registered and bound. */
export async function createBoundDevice(
  db: Database,
  input: { merchantId: number; kind?: DeviceKind; model?: DeviceModel; name?: string; placeId?: number | null },
) {
  const device = await createCloudDevice(db, input);
  const { hwid, secret } = await registerHardware(db, {
    model: device.model as DeviceModel,
    deviceId: device.id,
    merchantId: input.merchantId,
  });
  return { device, hwid, secret, kind: input.kind ?? 'washer', model: device.model as DeviceModel };
}

/**
 * Turns a member's device whitelist on by writing the database directly, as an operator's SQL
 * would. Such a write reaches the api's memories (session facts, kept answers) only by NOTIFY,
 * after commit: given the app, this waits until every listening instance has heard it (the
 * session cache's `settled()`, which the member routes await too), so the next request sees it.
 */
export async function enableWhitelist(
  db: Database,
  input: { merchantId: number; memberId: number; deviceIds: number[] },
  heardBy?: { sessionCache: { settled(): Promise<void> } },
) {
  await db.update(merchantMembers).set({ deviceWhitelistEnabled: true }).where(eq(merchantMembers.id, input.memberId));
  for (const deviceId of input.deviceIds) {
    await db.insert(memberDeviceWhitelist).values({ merchantId: input.merchantId, memberId: input.memberId, deviceId });
  }
  await heardBy?.sessionCache.settled();
}

/**
 * A device gone quiet: its last message moved back past any DEVICE_OFFLINE_AFTER_SECONDS, so the
 * gateway's next offline check (every DEVICE_OFFLINE_CHECK_SECONDS) finds it silent, whatever the
 * machine's speed, instead of the test waiting the bound out in real time.
 */
export async function backdateLastSeen(db: Database, hwid: string): Promise<void> {
  await db.execute(sql`update device_state set last_seen_at = now() - interval '1 day' where hwid = ${hwid}`);
}

/** Polls until `probe` returns a truthy value (database state written by the gateway). */
export async function eventually<T>(
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
