import type { ProductPrices } from '@sbo/contracts/mqtt';
import { coursePriceAt, discountFor, discountedPriceList, windowOpen } from '@sbo/contracts/promotion-prices';
import { currencyExponent } from '@sbo/contracts/settlement';
import type { Executor } from '../db/client';
import { toPrices, type PricedTemplate } from './prices';
import { discountInForce, normalPriceOfCourse } from './promotion-price-repository';

// The one place promotions change prices (architecture: "Promotions change prices in one place
// that machines and checkout both read"): the machine's pushed prices, checkout's order price and
// the promotion a machine's sale is recorded under all come from here.

/** A machine's coin: its template's pulse, else one whole unit of the currency (TWD 100 minor units). */
const coinUnitOf = (pulse: number | null, currency: string) => pulse ?? 10 ** currencyExponent(currency);

/** The happy hour whose window is open for a machine at an instant, or null. */
async function openDiscount(db: Executor, machine: { deviceId: number } | { hwid: string }, at: Date) {
  const discount = await discountInForce(db, machine, at);
  return discount && windowOpen(discount.rules, at, discount.timeZone) ? discount : null;
}

/**
 * The prices a machine should show at an instant: its template's, discounted while a bound happy
 * hour's window is open. The version names the promotion (`tpl-3-r2-p7`), so a machine's echo
 * (`pricesVersion`) tells which prices it has.
 */
export async function pricesInForce(
  db: Executor,
  deviceId: number,
  template: PricedTemplate,
  at: Date,
): Promise<{ prices: ProductPrices; promotionId: number | null }> {
  const normal = toPrices(template);
  const discount = await openDiscount(db, { deviceId }, at);
  if (!discount) return { prices: normal, promotionId: null };
  const coin = coinUnitOf(template.pulse, discount.currency);
  const discounted = discountedPriceList(normal, discount.rules, coin, { freeAtMachine: 'normal' });
  return {
    prices: { ...discounted, version: `${normal.version}-p${discount.promotionId}` },
    promotionId: discount.promotionId,
  };
}

type CourseOffer = { price: number; normalPrice: number; promotionId: number | null; free: boolean };

/** What a course costs at checkout at an instant: the same rule as the machine's prices, free cycles included. */
export async function courseOffer(
  db: Executor,
  deviceId: number,
  course: { code: string | null; price: number },
  at: Date,
): Promise<CourseOffer> {
  const discount = await openDiscount(db, { deviceId }, at);
  if (!discount) return { price: course.price, normalPrice: course.price, promotionId: null, free: false };
  const priced = coursePriceAt({
    rules: discount.rules,
    course: course.code,
    normalPrice: course.price,
    coinUnit: coinUnitOf(discount.pulse, discount.currency),
    at,
    timeZone: discount.timeZone,
  });
  return {
    price: priced.price,
    normalPrice: course.price,
    promotionId: priced.discounted ? discount.promotionId : null,
    free: priced.free,
  };
}

/** The happy hour's discount on the base price at an instant (what an amount bought is discounted by), or null. */
export async function baseDiscountNow(db: Executor, deviceId: number, at: Date) {
  const discount = await openDiscount(db, { deviceId }, at);
  const rule = discount ? discountFor(discount.rules, null) : null;
  return rule && discount ? { kind: rule.kind, value: rule.value, calculation: discount.rules.calculation } : null;
}

/**
 * The promotion a machine's sale was made under: a happy hour's window was open on the machine when
 * it sold; the discount is the course's normal price less the sale's amount (never below 0).
 */
export async function promotionOfSale(
  db: Executor,
  sale: { hwid: string; course?: string; amount: number; at: Date },
): Promise<{ promotionId: number; discount: number } | null> {
  const discount = await openDiscount(db, { hwid: sale.hwid }, sale.at);
  if (!discount) return null;
  const normal = await normalPriceOfCourse(db, discount.deviceId, sale.course);
  return { promotionId: discount.promotionId, discount: Math.max(0, (normal ?? sale.amount) - sale.amount) };
}
