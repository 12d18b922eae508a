import { ErrorCode, productFeatureMinFirmware, productFormMessages, type ProductTemplateInput } from '@sbo/contracts';
import { productPrices, type ProductPrices } from '@sbo/contracts/mqtt';
import { AppError, type FieldIssue } from '../lib/app-error';
import type { productTemplates } from '../db/schema';
import { kindOf, pricesVersion } from './device-kind';

/** The template reduced to what a machine needs (`setPrices`); one that cannot be is unavailable (1107003). */
export type PricedTemplate = Omit<typeof productTemplates.$inferSelect, 'merchantId' | 'createdAt' | 'updatedAt'>;

export function toPrices(t: PricedTemplate): ProductPrices {
  const optional = (key: string, value: number | string | null) => (value === null ? {} : { [key]: value });
  const parsed = productPrices.safeParse({
    version: pricesVersion(t.id, t.revision),
    templateId: t.id,
    type: t.type,
    ...optional('price', t.price),
    ...optional('unitPrice', t.unitPrice),
    ...optional('unit', t.unit),
    ...optional('spentTime', t.spentTime),
    ...optional('dryPrice', t.dryPrice),
    ...optional('dryLimit', t.dryLimit),
    ...optional('defaultDryTemp', t.defaultDryTemp),
    ...optional('pulse', t.pulse),
    ...optional('defaultPulse', t.defaultPulse),
    courses: t.courses.map(({ course, price, spentTime }) => ({ course, price, ...(spentTime ? { spentTime } : {}) })),
    additives: t.additives,
  });
  if (!parsed.success) throw new AppError(ErrorCode.TEMPLATE_EXCEEDS_MACHINE_LIMITS);
  return parsed.data;
}

const newer = (version: string, than: string) => {
  const [a, b] = [version, than].map((v) => v.split(/[.+-]/).slice(0, 3).map(Number));
  for (let i = 0; i < 3; i += 1) if ((a![i] ?? 0) !== (b![i] ?? 0)) return (a![i] ?? 0) > (b![i] ?? 0);
  return true;
};

/** "device version must be {version} or higher" for each template feature the firmware lacks. */
export function firmwareIssues(
  t: Pick<ProductTemplateInput, 'type' | 'additives'>,
  firmware: string | null,
  paths: { additives: string; type: string },
): FieldIssue[] {
  if (!firmware) return [];
  const issues: FieldIssue[] = [];
  const { additives, unitProgressive } = productFeatureMinFirmware;
  if (t.additives.length > 0 && !newer(firmware, additives))
    issues.push({ path: paths.additives, message: productFormMessages.minDeviceVersion(additives) });
  if (t.type === 'unitProgressive' && !newer(firmware, unitProgressive))
    issues.push({ path: paths.type, message: productFormMessages.minDeviceVersion(unitProgressive) });
  return issues;
}

const laundryKinds = ['washer', 'dryer', 'washerDryer'];

/** Liquid units (L, ML) price water, not laundry: such a template is unavailable for a washer or dryer. */
export function fitsMachine(t: Pick<PricedTemplate, 'unit'>, machineType: number): boolean {
  const kind = kindOf(machineType);
  return !(kind && laundryKinds.includes(kind) && (t.unit === 'L' || t.unit === 'ML'));
}
