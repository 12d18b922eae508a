import { z } from 'zod';
import { paymentGateways } from '../constants';

/**
 * The consumer's checkout at a machine (spec section 2: `/custom/checkout`, `/fn/checkout`): public
 * calls, no token. Orders are named by a random public id, never by a row id.
 */
const gateway = z.enum(paymentGateways);
const publicOrderId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/)
  .describe('random public order id');
const isoTime = z.string().describe('ISO 8601, UTC');

export const checkoutMachineQuery = z
  .object({
    hwid: z.string().min(1).max(64).optional(),
    deviceId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  })
  .refine((q) => (q.hwid === undefined) !== (q.deviceId === undefined), 'hwid or deviceId, one of them');

/** A price now: a happy hour's while one is on, with the usual one beside it; `free` a promotion's free cycle. */
const pricedNow = {
  price: z.number().int().nonnegative().describe('what it costs now (a happy hour’s price while one is on)'),
  normalPrice: z.number().int().positive().optional().describe('the usual price, while a promotion lowers it'),
  free: z.boolean().optional().describe('a free cycle of a promotion: started without paying'),
};

/** The happy hour's discount on an amount bought (`discountedPrice` of promotion-prices, in whole `step` coins). */
const amountDiscount = z.object({
  kind: z.enum(['percent', 'amount', 'price', 'free']),
  value: z.number(),
  calculation: z.enum(['round', 'ceil', 'floor', 'fixed']),
});

/**
 * What the machine sells over the phone, by the way it is paid (docs/payments.md, "What each machine sells"):
 * - `course`: one of `courses` (washers, car-wash programs);
 * - `amount`: credit of an amount the customer picks or types, whole coins of `step` within `min`-`max`
 *   (car-wash bay, vending credit, coin changer tokens); under a happy hour `discount` lowers what it costs;
 * - `time`: minutes in steps of `stepMinutes` at `price` each, up to `maxMinutes` (dryer); `topUp` when a
 *   running dryer can have minutes added;
 * - `product`: one of `products` at its price (vending slot, water volume).
 */
export const checkoutOffer = z.discriminatedUnion('way', [
  z.object({ way: z.literal('course') }),
  z.object({
    way: z.literal('amount'),
    min: z.number().int().positive(),
    max: z.number().int().positive(),
    step: z.number().int().positive().describe('the coin unit: an amount is a whole number of them'),
    suggested: z.array(z.number().int().positive()),
    discount: amountDiscount.nullable(),
  }),
  z.object({
    way: z.literal('time'),
    stepMinutes: z.number().int().positive(),
    maxMinutes: z.number().int().positive(),
    ...pricedNow,
    topUp: z.boolean().describe('a running dryer of this model takes more minutes (`extendDrying`)'),
  }),
  z.object({
    way: z.literal('product'),
    products: z.array(
      z.object({
        code: z.string(),
        name: z.string(),
        ...pricedNow,
        quantity: z.number().positive().optional(),
        unit: z.string().optional(),
      }),
    ),
  }),
]);
export type CheckoutOffer = z.infer<typeof checkoutOffer>;
export type CheckoutWay = CheckoutOffer['way'];

/** Whether a machine can take a paid start now, and if not, why. */
const checkoutMachineStates = ['free', 'inUse', 'offline', 'fault'] as const;

export const checkoutMachine = z.object({
  device: z.object({
    id: z.number().int(),
    name: z.string(),
    machineType: z.number().int(),
    kind: z.string().nullable(),
  }),
  place: z.object({ id: z.number().int(), title: z.string(), address: z.string() }).nullable(),
  merchant: z.object({ name: z.string(), currency: z.string() }),
  state: z.enum(checkoutMachineStates),
  /** The courses of the machine's product template, priced in minor units of the merchant's currency. */
  courses: z.array(z.object({ code: z.string(), name: z.string(), ...pricedNow })),
  /** What the machine sells over the phone and how it is paid; null when it sells nothing that way. */
  offer: checkoutOffer.nullable(),
  /** The mobile payment methods the machine's place enables that can take a payment, as the consumer may choose them. */
  methods: z.array(z.object({ gateway, sandbox: z.boolean().describe('paid through the built-in sandbox') })),
  paymentSetUp: z
    .boolean()
    .describe(
      'false: pay by phone is not set up at this machine (no method of its place can take a payment: no provider credentials, no sandbox)',
    ),
  /** A start can be paid for only when the machine is free, has courses and its place a method that can take payment. */
  canPay: z.boolean(),
  /** A running dryer can be paid more minutes now (`offer.topUp`, drying or just done with the laundry in). */
  canTopUp: z.boolean(),
});
export type CheckoutMachine = z.infer<typeof checkoutMachine>;

const checkoutThemes = ['custom', 'fn'] as const;

const code = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/);

/** What the customer buys; the server prices it (never the browser). */
export const checkoutPurchase = z.discriminatedUnion('way', [
  z.object({ way: z.literal('course'), course: code }),
  z.object({ way: z.literal('amount'), amount: z.number().int().positive().max(1_000_000_000) }),
  z.object({
    way: z.literal('time'),
    minutes: z.number().int().positive().max(600),
    topUp: z.boolean().default(false).describe('minutes added to the running dryer'),
  }),
  z.object({ way: z.literal('product'), product: code }),
]);
export type CheckoutPurchase = z.infer<typeof checkoutPurchase>;

export const checkoutOrderCreate = z
  .object({
    deviceId: z.number().int().positive().max(2_147_483_647),
    /** A course of `courses` (the original form; the same as `purchase: { way: 'course' }`). */
    course: code.optional(),
    purchase: checkoutPurchase.optional(),
    gateway,
    /** Made once per checkout screen by the browser: a repeat with the same id answers the same order. */
    clientRequestId: z.uuid(),
    theme: z.enum(checkoutThemes).default('custom'),
    lang: z.string().max(35).optional(),
  })
  .refine((body) => (body.course === undefined) !== (body.purchase === undefined), {
    message: 'course or purchase, one of them',
    path: ['purchase'],
  });
export type CheckoutOrderCreate = z.infer<typeof checkoutOrderCreate>;

export const checkoutOrderStarted = z.object({
  orderId: publicOrderId,
  /** Where the browser goes to pay: the gateway's page (the sandbox's own page in the demo). */
  redirectUrl: z.string(),
});

/** An order's life: created, then paid, credited (the machine took the credit), started; or an end. */
export const checkoutOrderStatuses = [
  'created',
  'paid',
  'credited',
  'started',
  'failed',
  'cancelled',
  'refunded',
] as const;
export type CheckoutOrderStatus = (typeof checkoutOrderStatuses)[number];

/** Why a paid order was refunded or failed: the machine did not answer, was busy, or reported a fault. */
export const checkoutOrderReasons = ['noAnswer', 'busy', 'fault', 'declined', 'gatewayError'] as const;

export const checkoutOrder = z.object({
  orderId: publicOrderId,
  status: z.enum(checkoutOrderStatuses),
  amount: z.number().int(),
  currency: z.string(),
  gateway,
  course: z.object({ code: z.string(), name: z.string() }),
  device: z.object({ id: z.number().int(), name: z.string() }),
  place: z.object({ title: z.string() }).nullable(),
  theme: z.enum(checkoutThemes),
  history: z.array(z.object({ status: z.enum(checkoutOrderStatuses), at: isoTime })),
  reason: z.enum(checkoutOrderReasons).nullable(),
});
export type CheckoutOrder = z.infer<typeof checkoutOrder>;

export const publicOrderParam = z.object({ orderId: publicOrderId });

/** Why a machine gets no QR sticker: no controller, nothing to sell over the phone, or no method can take payment. */
export const qrStickerReasons = ['noController', 'notSelling', 'notSetUp'] as const;
export type QrStickerReason = (typeof qrStickerReasons)[number];

/** The machines at a place as its QR sticker sheet prints them: a sticker only for one that can take a payment. */
export const placeQrStickers = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      hwid: z.string().nullable(),
      canTakePayment: z
        .boolean()
        .describe('bound, sells courses over the phone, and its place has a method that can take payment'),
      reason: z.enum(qrStickerReasons).nullable().describe('why it cannot take a payment; null when it can'),
    }),
  ),
});
export type PlaceQrStickers = z.infer<typeof placeQrStickers>;
