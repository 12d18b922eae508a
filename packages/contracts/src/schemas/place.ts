import { z } from 'zod';
import { pageQuery } from './pagination';
import { placeTypes } from '../constants';

const placeTypeValues = Object.values(placeTypes) as [number, ...number[]];
const placeType = z
  .number()
  .int()
  .refine((value) => placeTypeValues.includes(value), 'unknown place type');

export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'use HH:MM');

const openingPeriod = z
  .object({ open: clockTime, close: clockTime })
  .refine((period) => period.open < period.close, { message: 'must close after it opens', path: ['close'] });

/** Not enabled means open 24 hours a day (spec section 5). */
export const businessHours = z.object({
  enabled: z.boolean(),
  timezone: z.string().min(1).max(64),
  hours: z.object(
    Object.fromEntries(weekdays.map((day) => [day, z.array(openingPeriod).max(4)])) as Record<
      (typeof weekdays)[number],
      z.ZodArray<typeof openingPeriod>
    >,
  ),
});
export type BusinessHours = z.infer<typeof businessHours>;

export const placeInput = z.object({
  title: z.string().trim().min(1).max(100),
  address: z.string().trim().min(1).max(200),
  type: placeType,
  servicePhone: z
    .string()
    .trim()
    .max(30)
    .regex(/^$|^\+?[0-9][0-9 -]{5,28}$/, 'invalid phone number'),
  description: z.string().trim().max(1000),
  businessHours,
});
export type PlaceInput = z.infer<typeof placeInput>;

export const place = placeInput.extend({
  id: z.number().int(),
  deviceCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Place = z.infer<typeof place>;

export const placeListQuery = z.object({
  ...pageQuery.shape,
  keyword: z.string().trim().max(100).optional(),
  type: z.coerce.number().int().min(-2_147_483_648).max(2_147_483_647).optional(),
});
