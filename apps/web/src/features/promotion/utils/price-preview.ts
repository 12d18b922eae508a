import type { ProductTemplate } from '@sbo/contracts';
import { discountedPrice, discountFor, type TimeDiscountRules } from '@sbo/contracts/promotion-prices';
import { currencyExponent } from '../../../lib/format';

export type PreviewRow = {
  /** A course code, or null for the base price (`price`, `unitPrice`). */
  course: string | null;
  name: string;
  normal: number;
  /** What the course costs while a window is open (0 for a free cycle). */
  promoted: number;
  free: boolean;
};

/** A machine's coin: its template's pulse, else one whole unit of the currency (TWD 100 minor units). */
const coinUnitOf = (pulse: number | null, currency: string) => pulse ?? 10 ** currencyExponent(currency);

type PricedTemplate = Pick<ProductTemplate, 'price' | 'unitPrice' | 'pulse' | 'courses'>;

/**
 * The prices a machine of a template shows while a window of the rules is open, by the same rule the
 * api sends machines and charges at checkout (`promotion-prices.ts`). A free cycle is taken through
 * checkout at 0; the machine itself keeps the normal price for coins.
 */
export function previewRows(template: PricedTemplate, rules: TimeDiscountRules, currency: string): PreviewRow[] {
  const coin = coinUnitOf(template.pulse, currency);
  const row = (course: string | null, name: string, normal: number): PreviewRow => {
    const discount = discountFor(rules, course);
    if (!discount) return { course, name, normal, promoted: normal, free: false };
    return {
      course,
      name,
      normal,
      promoted: discountedPrice(normal, discount, rules.calculation, coin),
      free: discount.kind === 'free',
    };
  };
  const rows: PreviewRow[] = [];
  if (template.price) rows.push(row(null, '', template.price));
  if (template.unitPrice) rows.push(row(null, '', template.unitPrice));
  for (const course of template.courses) rows.push(row(course.course, course.name ?? '', course.price));
  return rows;
}
