import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { moment, createdAt, updatedAt } from './columns';
import { merchantMembers, merchantRef, merchants } from './people-schema';
import type { BusinessHours, PaymentGateway, ProductTemplateInput } from '@sbo/contracts';
import type { StateReport } from '@sbo/contracts/mqtt';

// References to machines and places, written once beside their tables.

/** The machine a row belongs to; the row goes with the machine. */
export const deviceRef = () =>
  integer('device_id')
    .notNull()
    .references((): AnyPgColumn => devices.id, { onDelete: 'cascade' });

/** A machine the row names; the row stays (naming none) when the machine is deleted. */
export const deviceMention = () =>
  integer('device_id').references((): AnyPgColumn => devices.id, { onDelete: 'set null' });

/** A place the row names; the row stays (naming none) when the place is deleted. */
export const placeMention = () =>
  integer('place_id').references((): AnyPgColumn => places.id, { onDelete: 'set null' });

type DeviceConfig = Record<string, number | boolean | string>;

// Places and their machines: cloud devices, the controllers bound to them and what they last reported,
// product templates (prices), and which devices a member may see.

export const places = pgTable(
  'places',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantRef(),
    title: text('title').notNull(),
    address: text('address').notNull(),
    type: integer('type').notNull(),
    servicePhone: text('service_phone').notNull().default(''),
    description: text('description').notNull().default(''),
    businessHours: jsonb('business_hours').$type<BusinessHours>().notNull(),
    /** The public status page's address, `/p/<key>`: random (80 bits), never the row id. */
    publicKey: text('public_key')
      .notNull()
      .default(
        sql`substr(replace(gen_random_uuid()::text, '-', ''), 1, 12) || substr(md5(gen_random_uuid()::text), 1, 8)`,
      ),
    /** Whether customers may see the place's machines at /p/<key>; off until the owner turns it on. */
    publicPage: boolean('public_page').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('places_merchant_idx').on(t.merchantId), uniqueIndex('places_public_key').on(t.publicKey)],
);

export const productTemplates = pgTable(
  'product_templates',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantRef(),
    name: text('name').notNull(),
    type: text('type').$type<ProductTemplateInput['type']>().notNull(),
    price: integer('price'),
    dryLimit: integer('dry_limit'),
    dryPrice: integer('dry_price'),
    spentTime: integer('spent_time'),
    courseType: text('course_type'),
    defaultDryTemp: integer('default_dry_temp'),
    unitPrice: integer('unit_price'),
    pulse: integer('pulse'),
    defaultPulse: integer('default_pulse'),
    unit: text('unit').$type<NonNullable<ProductTemplateInput['unit']>>(),
    additives: jsonb('additives').$type<ProductTemplateInput['additives']>().notNull().default([]),
    courses: jsonb('courses').$type<ProductTemplateInput['courses']>().notNull().default([]),
    notifyBeforePayment: text('notify_before_payment').notNull().default(''),
    notifyAfterPayment: text('notify_after_payment').notNull().default(''),
    /** Grows on every edit; the machines echo `tpl-{id}-r{revision}` as their pricesVersion. */
    revision: integer('revision').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('product_templates_merchant_idx').on(t.merchantId)],
);

/** A cloud device: the merchant's record of a machine, which a physical controller (hardware) binds to. */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantRef(),
    placeId: integer('place_id').references(() => places.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    serialNum: text('serial_num').notNull(),
    machineType: integer('machine_type').notNull(),
    model: text('model').notNull(),
    productId: integer('product_id').references(() => productTemplates.id, { onDelete: 'restrict' }),
    paymentProduct: text('payment_product'),
    /** Controller settings last confirmed by the machine through setConfig (AB config screen). */
    config: jsonb('config').$type<DeviceConfig>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('devices_merchant_idx').on(t.merchantId),
    index('devices_place_idx').on(t.placeId),
    index('devices_product_idx').on(t.productId),
  ],
);

/** A physical controller, known by its hardware id; bound when it points at a cloud device. */
export const deviceHardware = pgTable('device_hardware', {
  hwid: text('hwid').primaryKey(),
  secretHash: text('secret_hash').notNull(),
  /** The same secret in Mosquitto's password-file format (PBKDF2-SHA512), for an external broker. */
  brokerHash: text('broker_hash'),
  model: text('model').notNull(),
  deviceId: integer('device_id')
    .unique()
    .references(() => devices.id, { onDelete: 'set null' }),
  boundAt: moment('bound_at'),
  /** The merchant a service agent registered it for: the only one that may bind it without a claim code. */
  merchantId: integer('merchant_id').references(() => merchants.id, { onDelete: 'set null' }),
  /** SHA-256 of the one-time claim code that travels with its binding link; null once used. */
  claimCodeHash: text('claim_code_hash'),
  createdAt: createdAt(),
});

/** What the gateway last heard from a controller: one row per hardware id. */
export const deviceState = pgTable(
  'device_state',
  {
    hwid: text('hwid')
      .primaryKey()
      .references(() => deviceHardware.hwid, { onDelete: 'cascade' }),
    online: boolean('online').notNull().default(false),
    /** Set to now() exactly when `online` flips, so one statement can tell a transition from a repeat. */
    onlineChangedAt: moment('online_changed_at'),
    connId: text('conn_id'),
    bootId: text('boot_id'),
    seq: integer('seq'),
    kind: text('kind'),
    model: text('model'),
    firmware: text('firmware'),
    report: jsonb('report').$type<StateReport>(),
    /** The device's own `sentAt` of the stored report. */
    reportedAt: moment('reported_at'),
    /** Server time the stored report was written (report-to-database latency = this - reportedAt). */
    reportUpdatedAt: moment('report_updated_at'),
    lastSeenAt: moment('last_seen_at').notNull().defaultNow(),
  },
  // No index besides the key: every report rewrites `last_seen_at`, and an index on it made each
  // update write index entries (no heap-only update). The table is stored with room on each page
  // for the next version of a row (fillfactor 40, migration 0026), so a report's update stays on its
  // page. The offline sweep reads the whole table, one row per machine, every
  // DEVICE_OFFLINE_CHECK_SECONDS.
);

/** Devices a member may see when their whitelist is enabled. */
export const memberDeviceWhitelist = pgTable(
  'member_device_whitelist',
  {
    merchantId: merchantRef(),
    memberId: integer('member_id')
      .notNull()
      .references(() => merchantMembers.id, { onDelete: 'cascade' }),
    deviceId: deviceRef(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('member_device_whitelist_key').on(t.memberId, t.deviceId)],
);

/** Payment gateways a place accepts; no row means none chosen yet. */
export const placePaymentOptions = pgTable(
  'place_payment_options',
  {
    merchantId: merchantRef(),
    placeId: integer('place_id')
      .primaryKey()
      .references(() => places.id, { onDelete: 'cascade' }),
    gateways: text('gateways').array().$type<PaymentGateway[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [index('place_payment_options_merchant_idx').on(t.merchantId)],
);

/**
 * A customer's wish to be told when a running machine is done (the public place page): an anonymous
 * browser's Web Push subscription, taken only while a cycle runs and sent once when the machine next
 * reports done or standby, then deleted. Nothing here names a person.
 */
export const machineDoneAlerts = pgTable(
  'machine_done_alerts',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    language: text('language').notNull(),
    createdAt: createdAt(),
    /** Sends tried so far; the push service could not take it then (down, busy). */
    attempts: integer('attempts').notNull().default(0),
    /** Set once a send has failed for a while: when to try again, whatever the machine does now. */
    retryAt: moment('retry_at'),
  },
  (t) => [uniqueIndex('machine_done_alerts_key').on(t.deviceId, t.endpoint)],
);
