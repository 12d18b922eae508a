import { z } from 'zod';
import { languageCodes } from '../constants';
import { deviceKinds } from '../mqtt/machines';

/**
 * A place's public status page (`/p/<key>`, docs/decisions.md "Live place page"): what anyone with the
 * link may see. Every object is strict, and the api serializes through these schemas, so a field that is
 * not declared here (money, staff, hardware ids, serial numbers) cannot reach a visitor.
 */

/** The place's public key: random, never its row id. */
export const placePageKey = z.string().regex(/^[a-z0-9]{20}$/, 'not a place page key');
export const placePageParam = z.strictObject({ key: placePageKey });

/** What a customer sees of a machine: free, in use, done (not yet emptied), out of order (offline or faulted). */
export const publicMachineStates = ['free', 'inUse', 'done', 'outOfOrder'] as const;
export type PublicMachineState = (typeof publicMachineStates)[number];

/** The protocol's machine kinds, and `other` for a type no controller drives. */
export const publicMachineKinds = [...deviceKinds, 'other'] as const;
export type PublicMachineKind = (typeof publicMachineKinds)[number];

export const publicMachine = z.strictObject({
  id: z.number().int().describe('the machine, as its done alert names it'),
  name: z.string(),
  kind: z.enum(publicMachineKinds),
  state: z.enum(publicMachineStates),
  remainingSeconds: z
    .number()
    .int()
    .nonnegative()
    .nullable()
    .describe('seconds left of the running cycle as of this answer; null when none runs'),
});
export type PublicMachine = z.infer<typeof publicMachine>;

export const publicPlace = z.strictObject({
  title: z.string(),
  address: z.string(),
  machines: z.array(publicMachine),
  pushKey: z.string().nullable().describe('the VAPID public key a done alert subscribes with; null without Web Push'),
});
export type PublicPlace = z.infer<typeof publicPlace>;

/** Data of the stream's `machine` event: one machine's new state. */
export const publicMachineUpdate = publicMachine.pick({ id: true, state: true, remainingSeconds: true });
export type PublicMachineUpdate = z.infer<typeof publicMachineUpdate>;

/** Ask to be told when a running machine is done: an anonymous browser's push subscription. */
export const doneAlertInput = z.strictObject({
  endpoint: z.string().max(1024).url().describe('the browser push service address: https, a known push service'),
  keys: z.strictObject({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'not a P-256 key'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}$/, 'not an auth secret'),
  }),
  language: z.enum(languageCodes as [string, ...string[]]),
});
export type DoneAlertInput = z.infer<typeof doneAlertInput>;
export const doneAlertParams = z.strictObject({ key: placePageKey, deviceId: z.coerce.number().int().positive() });
export const doneAlertResult = z.strictObject({ waiting: z.literal(true) });

/** The owner's switch, and where the page is. */
export const placePublicPageInput = z.strictObject({ enabled: z.boolean() });
export const placePublicPage = z.strictObject({
  enabled: z.boolean(),
  key: placePageKey,
  path: z.string().describe('`/p/<key>`, relative to the product address'),
});
export type PlacePublicPage = z.infer<typeof placePublicPage>;
