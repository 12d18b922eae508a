import { productFormMessages, productTemplateInput, type ProductTemplate } from '@sbo/contracts';
import type { FieldPath } from '../../../lib/contract-form';

type TemplateType = ProductTemplate['type'];
type Amount = number | null | undefined;

/** The form's values: amounts of money in the currency's main unit (60 for TWD 60), empty as null. */
export type ProductFormValues = {
  name: string;
  type: TemplateType;
  price?: Amount;
  dryLimit?: Amount;
  dryPrice?: Amount;
  spentTime?: Amount;
  courseType?: string | null;
  defaultDryTemp?: number | null;
  unitPrice?: Amount;
  pulse?: Amount;
  defaultPulse?: Amount;
  unit?: ProductTemplate['unit'];
  additives: Array<{ type?: string; price?: Amount }>;
  courses: Array<{ course?: string; name?: string; price?: Amount; spentTime?: Amount }>;
  notifyBeforePayment: string;
  notifyAfterPayment: string;
};

type Field = Exclude<keyof ProductFormValues, 'name' | 'type' | 'notifyBeforePayment' | 'notifyAfterPayment'>;

/** Which fields each template type uses; the others are not sent. */
export const fieldsByType: Record<TemplateType, readonly Field[]> = {
  list: [
    'price',
    'spentTime',
    'dryPrice',
    'dryLimit',
    'defaultDryTemp',
    'courseType',
    'pulse',
    'defaultPulse',
    'courses',
    'additives',
  ],
  unitProgressive: ['unitPrice', 'unit', 'pulse', 'defaultPulse'],
  yiot: ['price', 'spentTime', 'pulse', 'defaultPulse', 'courses', 'additives'],
};

const moneyFields = new Set(['price', 'dryPrice', 'unitPrice', 'pulse']);

/** Whether the value at this form path is an amount of money (the rest are minutes, counts, texts). */
export function isMoneyPath(path: FieldPath): boolean {
  const last = path[path.length - 1];
  return typeof last === 'string' && (moneyFields.has(last) || (last === 'price' && path.length > 1));
}

/** Main unit to minor units without float dust (60.1 → 6010); a value that is no amount stays as typed. */
export function toMinor(value: number, exponent: number): number {
  const scaled = Number((value * 10 ** exponent).toFixed(6));
  return Number.isFinite(scaled) ? scaled : value;
}

const toMain = (value: number, exponent: number) => value / 10 ** exponent;

const present = (value: Amount) => (value === null || value === undefined ? undefined : value);

/** The request body the contract checks: only the type's fields, empties left out, money in minor units. */
export function toTemplateInput(values: ProductFormValues, exponent: number): Record<string, unknown> {
  const used = new Set<string>(fieldsByType[values.type] ?? []);
  const money = (value: Amount) => {
    const amount = present(value);
    return amount === undefined ? undefined : toMinor(amount, exponent);
  };
  const input: Record<string, unknown> = {
    name: values.name ?? '',
    type: values.type,
    notifyBeforePayment: values.notifyBeforePayment ?? '',
    notifyAfterPayment: values.notifyAfterPayment ?? '',
    additives: [],
    courses: [],
  };
  for (const key of used) {
    const value = values[key as Field];
    if (key === 'courses')
      input.courses = values.courses.map((course) => ({
        course: course.course ?? '',
        ...(course.name ? { name: course.name } : {}),
        price: money(course.price),
        ...(present(course.spentTime) === undefined ? {} : { spentTime: course.spentTime }),
      }));
    else if (key === 'additives')
      input.additives = values.additives.map((additive) => ({ type: additive.type, price: money(additive.price) }));
    else if (moneyFields.has(key)) input[key] = money(value as Amount);
    else if (key === 'courseType') input[key] = (value as string | null | undefined)?.trim() || undefined;
    else if (value !== null && value !== undefined) input[key] = value;
  }
  return input;
}

/** A stored template as form values. */
export function toFormValues(template: ProductTemplate, exponent: number): ProductFormValues {
  const main = (value: number | null) => (value === null ? null : toMain(value, exponent));
  return {
    ...template,
    price: main(template.price),
    dryPrice: main(template.dryPrice),
    unitPrice: main(template.unitPrice),
    pulse: main(template.pulse),
    additives: template.additives.map((additive) => ({ ...additive, price: toMain(additive.price, exponent) })),
    courses: template.courses.map((course) => ({ ...course, price: toMain(course.price, exponent) })),
  };
}

export function emptyTemplate(): ProductFormValues {
  return { name: '', type: 'list', additives: [], courses: [], notifyBeforePayment: '', notifyAfterPayment: '' };
}

/** The fields a type requires, read from the contract itself: what a bare template of that type lacks. */
export function requiredFields(type: TemplateType): Set<string> {
  const result = productTemplateInput.safeParse({ name: 'x', type });
  const issues = result.success ? [] : result.error.issues;
  return new Set(
    issues.filter((issue) => issue.message === productFormMessages.required).map((issue) => String(issue.path[0])),
  );
}
