import { z } from 'zod';

/**
 * Where the public app-variant routes send the consumer (spec section 2): the MB app's checkout
 * (`/mb/checkout` → `subId` and `brand`) and the place-status service page (`/fn/place-status`,
 * `/mb/place-status`). Each is a setting of the api; null when it is not set up.
 */
export const checkoutLinks = z.object({
  mbAppUrl: z.string().nullable(),
  mbBrand: z.string().nullable(),
  placeStatusUrl: z.string().nullable(),
  placeStatusVersion: z.string().nullable(),
});
export type CheckoutLinks = z.infer<typeof checkoutLinks>;
