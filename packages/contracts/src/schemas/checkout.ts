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
  courses: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      price: z.number().int().nonnegative().describe('what it costs now (a happy hour’s price while one is on)'),
      normalPrice: z.number().int().positive().optional().describe('the usual price, while a promotion lowers it'),
      free: z.boolean().optional().describe('a free cycle of a promotion: started without paying'),
    }),
  ),
  /** The mobile payment methods the machine's place enables that can take a payment, as the consumer may choose them. */
  methods: z.array(z.object({ gateway, sandbox: z.boolean().describe('paid through the built-in sandbox') })),
  paymentSetUp: z
    .boolean()
    .describe(
      'false: pay by phone is not set up at this machine (no method of its place can take a payment: no provider credentials, no sandbox)',
    ),
  /** A start can be paid for only when the machine is free, has courses and its place a method that can take payment. */
  canPay: z.boolean(),
});
export type CheckoutMachine = z.infer<typeof checkoutMachine>;

const checkoutThemes = ['custom', 'fn'] as const;

export const checkoutOrderCreate = z.object({
  deviceId: z.number().int().positive().max(2_147_483_647),
  course: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
  gateway,
  /** Made once per checkout screen by the browser: a repeat with the same id answers the same order. */
  clientRequestId: z.uuid(),
  theme: z.enum(checkoutThemes).default('custom'),
  lang: z.string().max(35).optional(),
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
