import type { CheckoutPurchase } from '@sbo/contracts';
import type { StateReport } from '@sbo/contracts/mqtt';
import { currencyExponent } from '@sbo/contracts/settlement';
import { deviceActions, kindOf } from '../../machines/device-kind';

// What a machine sells over the phone, by the way it is paid (docs/payments.md, "What each machine
// sells"), from its kind, its product template and its settings. Prices here are the template's; a
// happy hour lowers them where checkout prices a purchase (service.ts), as it does at the machine.

/** The template and settings a machine's offer is read from. */
export type OfferRow = {
  machineType: number;
  model: string;
  currency: string;
  courses: { course: string; name?: string; price: number; spentTime?: number }[] | null;
  price: number | null;
  dryPrice: number | null;
  spentTime: number | null;
  dryLimit: number | null;
  unitPrice: number | null;
  unit: string | null;
  pulse: number | null;
  /** `time`: a car-wash bay's template sells its programs by the minute (`price` per `spentTime`). */
  courseType: string | null;
  config: Record<string, number | boolean | string> | null;
};

type Product = { code: string; name: string; price: number; quantity?: number; unit?: string };

/** The template's side of an offer, before a happy hour. */
export type Sellable =
  | { way: 'course'; courses: { code: string; name: string; price: number }[] }
  | { way: 'amount'; min: number; max: number; step: number; suggested: number[] }
  | { way: 'time'; stepMinutes: number; stepPrice: number; maxMinutes: number; topUp: boolean }
  | { way: 'product'; products: Product[]; perLitre: boolean };

/** A dryer's controller takes at most this many minutes in one extension (`extendDrying`). */
export const maxTopUpMinutes = 120;
const defaultMaxMinutes = 120;
const defaultMaxCoins = 50;
/** Water volumes offered when the template prices water per litre and lists none of its own. */
const waterLitres = [5, 10, 20];

const coursesOf = (row: Pick<OfferRow, 'courses'>) =>
  (row.courses ?? []).map((c) => ({ code: c.course, name: c.name || c.course, price: c.price }));

/** The machine's coin: its template's pulse, else its controller's coin setting, else one whole unit of the currency. */
export function coinUnitOf(row: Pick<OfferRow, 'pulse' | 'config' | 'currency'>): number {
  const configured = row.config?.['coin.pulseValue'];
  if (row.pulse) return row.pulse;
  if (typeof configured === 'number' && Number.isSafeInteger(configured) && configured > 0) return configured;
  return 10 ** currencyExponent(row.currency);
}

const floorTo = (value: number, step: number) => Math.floor(value / step) * step;

function byAmount(row: OfferRow): Sellable {
  const step = coinUnitOf(row);
  const min = row.price && row.price % step === 0 ? row.price : step;
  const configured = row.config?.['coin.maxCredit'];
  const ceiling = typeof configured === 'number' && configured >= min ? configured : defaultMaxCoins * step;
  const max = Math.max(min, floorTo(ceiling, step));
  const suggested = [...new Set([1, 2, 5, 10].map((times) => min * times))].filter((a) => a <= max);
  return { way: 'amount', min, max, step, suggested };
}

function byTime(row: OfferRow): Sellable | null {
  const stepPrice = row.dryPrice ?? row.price;
  if (!row.spentTime || !stepPrice) return null;
  const ceiling = row.dryLimit ?? defaultMaxMinutes;
  const maxMinutes = Math.max(row.spentTime, floorTo(ceiling, row.spentTime));
  const topUp = deviceActions(row).includes('extendDrying');
  return { way: 'time', stepMinutes: row.spentTime, stepPrice, maxMinutes, topUp };
}

function water(row: OfferRow): Sellable | null {
  const courses = coursesOf(row);
  if (courses.length > 0) return { way: 'product', products: courses, perLitre: false };
  if (!row.unitPrice || (row.unit !== 'L' && row.unit !== 'ML')) return null;
  const perLitre = row.unit === 'L' ? row.unitPrice : row.unitPrice * 1000;
  const products = waterLitres.map((litres) => ({
    code: `${litres}L`,
    name: `${litres} L`,
    price: perLitre * litres,
    quantity: litres,
    unit: 'L',
  }));
  return { way: 'product', products, perLitre: true };
}

/** What the machine sells over the phone, whatever its state; null when it sells nothing that way. */
export function sellableOf(row: OfferRow): Sellable | null {
  if (!deviceActions(row).includes('paidStart')) return null;
  const courses = coursesOf(row);
  switch (kindOf(row.machineType)) {
    case 'washer':
    case 'washerDryer':
      return courses.length > 0 ? { way: 'course', courses } : null;
    case 'dryer':
      return byTime(row) ?? (courses.length > 0 ? { way: 'course', courses } : null);
    case 'carWash':
      if (row.courseType === 'time') return byTime(row) ?? byAmount(row);
      return courses.length > 0 ? { way: 'course', courses } : byAmount(row);
    case 'vending':
      return courses.length > 0 ? { way: 'product', products: courses, perLitre: false } : byAmount(row);
    case 'waterStation':
      return water(row);
    case 'coinChanger':
      return byAmount(row);
    default:
      return null;
  }
}

/**
 * A running dryer can be paid more minutes: drying or cooling down, or done with the laundry still
 * inside after a drying cycle (the controller restarts drying), with no fault.
 */
export function canTopUpNow(online: boolean | null, report: StateReport | null): boolean {
  if (online !== true || !report || report.errorCode !== null) return false;
  if (report.status === 'operating') return report.stage === 'dry' || report.stage === 'cool';
  return report.status === 'done' && report.stage === 'done';
}

/** A purchase checked against what the machine sells, at its template price (before a happy hour). */
export type PricedPurchase = {
  /** The order's course code and name, as the records and the gateway's page show them. */
  code: string;
  name: string;
  /** The normal price, and the course code a happy hour's discount is looked up by (null: the base price). */
  normalPrice: number;
  discountCourse: string | null;
  /** How many of a discounted unit the price is (minutes steps, litres); the unit price is discounted once. */
  units: number;
  topUp: boolean;
  /** What the machine is told to do (`paidStart` params besides the order, amount and gateway). */
  start: { course: string } | { selection: string } | { minutes: number; extend?: true } | { credit: number };
};

/** Why a purchase is refused: its field and what the machine sells instead (a 400's detail). */
export type PurchaseIssue = { path: string; message: string };

export function pricePurchase(sellable: Sellable, purchase: CheckoutPurchase): PricedPurchase | PurchaseIssue {
  const wrongWay = { path: 'purchase.way', message: `this machine sells by ${sellable.way}` };
  switch (purchase.way) {
    case 'course': {
      if (sellable.way !== 'course') return wrongWay;
      const course = sellable.courses.find((c) => c.code === purchase.course);
      if (!course) return { path: 'course', message: 'not a course of this machine' };
      const start = { course: course.code };
      return { ...course, normalPrice: course.price, discountCourse: course.code, units: 1, topUp: false, start };
    }
    case 'product': {
      if (sellable.way !== 'product') return wrongWay;
      const product = sellable.products.find((p) => p.code === purchase.product);
      if (!product) return { path: 'purchase.product', message: 'not a product of this machine' };
      const litres = sellable.perLitre ? (product.quantity ?? 1) : 1;
      return {
        code: product.code,
        name: product.name,
        normalPrice: product.price / litres,
        discountCourse: sellable.perLitre ? null : product.code,
        units: litres,
        topUp: false,
        start: { selection: product.code },
      };
    }
    case 'amount': {
      if (sellable.way !== 'amount') return wrongWay;
      const { amount } = purchase;
      if (amount % sellable.step !== 0 || amount < sellable.min || amount > sellable.max) {
        return {
          path: 'purchase.amount',
          message: `whole coins of ${sellable.step}, from ${sellable.min} to ${sellable.max}`,
        };
      }
      const start = { credit: amount };
      return {
        code: 'credit',
        name: 'Credit',
        normalPrice: amount,
        discountCourse: null,
        units: 1,
        topUp: false,
        start,
      };
    }
    case 'time': {
      if (sellable.way !== 'time') return wrongWay;
      const { minutes, topUp } = purchase;
      const most = topUp ? Math.min(maxTopUpMinutes, sellable.maxMinutes) : sellable.maxMinutes;
      if (topUp && !sellable.topUp) return { path: 'purchase.topUp', message: 'this machine cannot add minutes' };
      if (minutes % sellable.stepMinutes !== 0 || minutes > most) {
        return { path: 'purchase.minutes', message: `steps of ${sellable.stepMinutes} minutes, at most ${most}` };
      }
      return {
        code: topUp ? 'addTime' : 'time',
        name: topUp ? `+${minutes} min` : `${minutes} min`,
        normalPrice: sellable.stepPrice,
        discountCourse: null,
        units: minutes / sellable.stepMinutes,
        topUp,
        start: topUp ? { minutes, extend: true } : { minutes },
      };
    }
  }
}
