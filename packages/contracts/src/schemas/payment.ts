import { z } from 'zod';
import { paymentGateways, type PaymentGateway } from '../constants';

/** Gateways that need no mobile-payment contract: coins and bills, and the merchant's own stored-value cards. */
const offlineGateways: readonly PaymentGateway[] = ['offline', 'cash-card'];
export const isMobileGateway = (gateway: PaymentGateway) => !offlineGateways.includes(gateway);

/** What a place can accept: every gateway but `free`, which labels a free cycle and takes no payment. */
export type PlaceGateway = Exclude<PaymentGateway, 'free'>;
export const isPlaceGateway = (gateway: PaymentGateway): gateway is PlaceGateway => gateway !== 'free';
export const placeGateways = paymentGateways.filter(isPlaceGateway);
const paymentGateway = z.enum(paymentGateways);
const placeGateway = z.enum(placeGateways as [PlaceGateway, ...PlaceGateway[]]);

export const placePaymentOptions = z.object({
  placeId: z.number().int(),
  title: z.string(),
  gateways: z.array(paymentGateway),
});
export type PlacePaymentOptions = z.infer<typeof placePaymentOptions>;

export const paymentOptions = z.object({
  mobilePaymentEnabled: z.boolean(),
  places: z.array(placePaymentOptions),
});
export type PaymentOptions = z.infer<typeof paymentOptions>;

export const placeIdParam = z.object({ placeId: z.coerce.number().int().positive().max(2_147_483_647) });

export const paymentOptionsUpdate = z.object({ gateways: z.array(placeGateway).max(placeGateways.length) }).strict();
export type PaymentOptionsUpdate = z.infer<typeof paymentOptionsUpdate>;

export const mobilePaymentUpdate = z.object({ enabled: z.boolean() }).strict();
export const mobilePaymentState = z.object({ mobilePaymentEnabled: z.boolean() });
