// What the product tells staff about (docs/notifications.md): kinds of event, the spec's groups
// (device and OK machine), channels, and the defaults a staff member starts with.

export const notificationKinds = [
  'deviceOffline',
  'deviceOnline',
  'deviceError',
  'settlementFailed',
  'paymentRefunded',
  'unverifiedPayment',
  'okMachineError',
  'idleMachine',
  'cashBoxFull',
  'coinDispenserLow',
  'billAcceptorFull',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationGroups = ['device', 'okMachine'] as const;
type NotificationGroup = (typeof notificationGroups)[number];

export const groupOfKind: Record<NotificationKind, NotificationGroup> = {
  deviceOffline: 'device',
  deviceOnline: 'device',
  deviceError: 'device',
  settlementFailed: 'device',
  paymentRefunded: 'device',
  unverifiedPayment: 'device',
  okMachineError: 'okMachine',
  idleMachine: 'device',
  cashBoxFull: 'device',
  coinDispenserLow: 'device',
  billAcceptorFull: 'device',
};

export const notificationChannels = ['inApp', 'push', 'line', 'email'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];
export type ChannelChoice = Record<NotificationChannel, boolean>;

const inAppAndPush: ChannelChoice = { inApp: true, push: true, line: false, email: false };
const inAppOnly: ChannelChoice = { inApp: true, push: false, line: false, email: false };

/**
 * What a staff member gets until they change it: everything in the notification centre; pushed only
 * what needs someone at a machine now (a fault, a machine gone offline, a card charge that failed).
 * Every unverified payment, refund, idle machine or level waits in the centre; the daily report sums them up.
 */
export const defaultChannelsByKind: Record<NotificationKind, ChannelChoice> = {
  deviceOffline: inAppAndPush,
  deviceOnline: inAppOnly,
  deviceError: inAppAndPush,
  settlementFailed: inAppAndPush,
  paymentRefunded: inAppOnly,
  unverifiedPayment: inAppOnly,
  okMachineError: inAppAndPush,
  idleMachine: inAppOnly,
  cashBoxFull: inAppOnly,
  coinDispenserLow: inAppOnly,
  billAcceptorFull: inAppOnly,
};

/** The events pushed by default: the critical ones an owner acts on at once. */
export const pushedByDefault: readonly NotificationKind[] = notificationKinds.filter(
  (kind) => defaultChannelsByKind[kind].push,
);

/** Critical ones are delivered during quiet hours and marked critical for the phone. */
export const defaultCriticalKinds: readonly NotificationKind[] = ['deviceError', 'okMachineError'];

/** A merchant's alert thresholds and their defaults (docs/notifications.md). */
export const thresholdLimits = {
  /** Minutes a machine must stay offline before it is an alert (a flapping link is one alert). */
  offlineGraceMinutes: { min: 1, max: 1440, default: 5 },
  /** A machine is idle when it earns nothing for this many times its usual gap at that hour of the week. */
  idleGapFactor: { min: 1.5, max: 20, default: 3 },
  /** …and for at least this many hours. */
  idleMinHours: { min: 1, max: 168, default: 2 },
  /** Coins a cash box holds when full (machines do not report it). */
  cashBoxCapacityCoins: { min: 100, max: 100_000, default: 2000 },
  /** Cash box at or above this share of its capacity. */
  cashBoxFullPercent: { min: 50, max: 100, default: 90 },
  /** Coin dispenser at or below this share of its capacity. */
  coinDispenserLowPercent: { min: 0, max: 50, default: 20 },
  /** Notes a bill acceptor's stacker holds when full. */
  billAcceptorCapacityNotes: { min: 50, max: 10_000, default: 600 },
  /** Bill acceptor at or above this share of its capacity. */
  billAcceptorFullPercent: { min: 50, max: 100, default: 90 },
} as const;
export type ThresholdName = keyof typeof thresholdLimits;
export type NotificationThresholds = Record<ThresholdName, number>;
export const defaultThresholds = Object.fromEntries(
  Object.entries(thresholdLimits).map(([name, limit]) => [name, limit.default]),
) as NotificationThresholds;

/** Minutes since midnight of a wall clock "HH:mm". */
export const minutesOfDay = (hhmm: string): number => {
  const [hours, minutes] = hhmm.split(':').map(Number);
  return hours! * 60 + minutes!;
};

/** Whether a minute of the day falls in quiet hours [from, to), which may run across midnight. */
export function inQuietHours(minute: number, quiet: { from: number; to: number } | null): boolean {
  if (!quiet || quiet.from === quiet.to) return false;
  return quiet.from < quiet.to ? minute >= quiet.from && minute < quiet.to : minute >= quiet.from || minute < quiet.to;
}
