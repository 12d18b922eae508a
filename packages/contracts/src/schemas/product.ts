import { z } from 'zod';
import { pageQuery } from './pagination';
import { additiveTypes, productTemplateTypes, units } from '../constants';
import { dryTemp } from '../mqtt';

/** The template form's messages (spec section 5): 400 details carry these texts, `{value}` filled in. */
export const productFormMessages = {
  required: 'required',
  positiveInteger: 'positive integers only',
  notZero: 'cannot be zero',
  duplicateAmount: 'duplicate amount',
  multipleOf: (value: number) => `enter a multiple of ${value}`,
  minDeviceVersion: (version: string) => `device version must be ${version} or higher`,
} as const;
const m = productFormMessages;

/** Template features that need newer controller firmware (device protocol section 11). */
export const productFeatureMinFirmware = { additives: '3.0.0', unitProgressive: '2.0.0' } as const;

/** Money or a count: a whole number above zero, with the form's own messages. */
const amount = () =>
  z
    .number({ error: (issue) => (issue.input === undefined ? m.required : m.positiveInteger) })
    .superRefine((value, ctx) => {
      if (value === 0) ctx.addIssue({ code: 'custom', message: m.notZero });
      else if (!Number.isSafeInteger(value) || value < 0 || value > 1e9)
        ctx.addIssue({ code: 'custom', message: m.positiveInteger });
    });

const courseCode = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'letters, digits, _ and - (1-32)');

const productCourse = z.object({
  course: courseCode,
  name: z.string().trim().max(50).optional(),
  price: amount(),
  spentTime: amount().optional().describe('minutes'),
});
const productAdditive = z.object({ type: z.enum(additiveTypes), price: amount() });

const fields = {
  name: z.string({ error: m.required }).trim().min(1, m.required).max(50),
  type: z.enum(productTemplateTypes, { error: m.required }),
  price: amount().optional(),
  dryLimit: amount().optional().describe('most dry minutes one customer may buy'),
  dryPrice: amount().optional().describe('price of one spentTime unit of drying'),
  spentTime: amount().optional().describe('minutes one price buys'),
  courseType: z.string().trim().max(32).nullable().optional(),
  defaultDryTemp: dryTemp.optional(),
  unitPrice: amount().optional(),
  pulse: amount().optional().describe('value of one coin pulse; prices must be multiples of it'),
  defaultPulse: amount().optional(),
  unit: z.enum(units).optional(),
  additives: z.array(productAdditive).max(3).default([]),
  courses: z.array(productCourse).max(32).default([]),
  notifyBeforePayment: z.string().trim().max(200).default('').describe('shown to the customer before paying'),
  notifyAfterPayment: z.string().trim().max(200).default('').describe('shown to the customer after paying'),
};

const requiredByType = {
  list: ['price', 'spentTime'],
  unitProgressive: ['unitPrice', 'unit'],
  yiot: ['price'],
} as const;

type Loose = Record<string, unknown>;
const whole = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
const rows = (value: unknown): Loose[] =>
  Array.isArray(value) ? value.filter((v): v is Loose => typeof v === 'object' && v !== null) : [];

/**
 * Rules across fields. They run even when a field failed (`when`), so the form shows every message
 * at once; the input is therefore read defensively.
 */
function crossFieldRules(t: Loose, ctx: z.RefinementCtx): void {
  const issue = (path: Array<string | number>, message: string) => ctx.addIssue({ code: 'custom', path, message });
  // An own key only: a `type` of "constructor" must not reach Object.prototype (found by the fuzz).
  const required = typeof t.type === 'string' && Object.hasOwn(requiredByType, t.type);
  for (const key of required ? requiredByType[t.type as keyof typeof requiredByType] : [])
    if (t[key] === undefined) issue([key], m.required);
  const pulse = whole(t.pulse);
  const courses = rows(t.courses);
  if (pulse) {
    for (const key of ['price', 'dryPrice', 'unitPrice']) {
      const value = whole(t[key]);
      if (value && value % pulse !== 0) issue([key], m.multipleOf(pulse));
    }
    courses.forEach((c, i) => {
      const price = whole(c.price);
      if (price && price % pulse !== 0) issue(['courses', i, 'price'], m.multipleOf(pulse));
    });
  }
  const [dryLimit, spentTime] = [whole(t.dryLimit), whole(t.spentTime)];
  if (dryLimit && spentTime && dryLimit % spentTime !== 0) issue(['dryLimit'], m.multipleOf(spentTime));
  const seen = { price: new Set<unknown>(), course: new Set<unknown>(), additive: new Set<unknown>() };
  courses.forEach((c, i) => {
    if (whole(c.price) && seen.price.has(c.price)) issue(['courses', i, 'price'], m.duplicateAmount);
    if (seen.course.has(c.course)) issue(['courses', i, 'course'], 'duplicate course');
    seen.price.add(c.price);
    seen.course.add(c.course);
  });
  rows(t.additives).forEach((a, i) => {
    if (seen.additive.has(a.type)) issue(['additives', i, 'type'], 'duplicate additive');
    seen.additive.add(a.type);
  });
}

/** `POST product` and `PUT product/{id}`. */
export const productTemplateInput = z.object(fields).superRefine((t, ctx) => crossFieldRules(t as Loose, ctx), {
  when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
});
export type ProductTemplateInput = z.infer<typeof productTemplateInput>;

const count = z.number().int().nullable();
export const productTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(productTemplateTypes),
  price: count,
  dryLimit: count,
  dryPrice: count,
  spentTime: count,
  courseType: z.string().nullable(),
  defaultDryTemp: z.number().int().nullable(),
  unitPrice: count,
  pulse: count,
  defaultPulse: count,
  unit: z.enum(units).nullable(),
  additives: z.array(z.object({ type: z.enum(additiveTypes), price: z.number().int() })),
  courses: z.array(
    z.object({
      course: z.string(),
      name: z.string().optional(),
      price: z.number().int(),
      spentTime: z.number().int().optional(),
    }),
  ),
  notifyBeforePayment: z.string(),
  notifyAfterPayment: z.string(),
  revision: z.number().int().describe('grows on every edit; machines report it in pricesVersion'),
  deviceCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductTemplate = z.infer<typeof productTemplate>;

export const productListQuery = z.object({
  ...pageQuery.shape,
  keyword: z.string().trim().max(100).optional(),
  type: z.enum(productTemplateTypes).optional(),
});
