import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  transactionStatuses,
  type CheckoutMachine,
  type CheckoutOrderStatus,
  type CheckoutOrder,
  type CheckoutOrderCreate,
  type CheckoutOffer,
  type CheckoutPurchase,
  type PlaceQrStickers,
  type TransactionOrder,
} from '@sbo/contracts';
import { freeCycleGateway, saleSettlement, type ConfirmedPayment } from '@sbo/contracts/settlement';
import type { Executor } from '../../db/client';
import type { DeviceScope } from '../../scope/device-scope';
import { AppError, InvalidFields } from '../../lib/app-error';
import { PaymentFailed, paymentRedirect } from '../../payments/gateway';
import { baseDiscountNow, courseOffer } from '../../machines/prices-in-force';
import { lockMerchant } from '../merchant/service';
import { createCrediting, type CreditingDeps } from './crediting';
import { machineState, mobileMethods, stickerOf, toCheckoutMachine } from './machine-view';
import { pricePurchase, sellableOf, type Sellable } from './offer';
import { paymentConfirmations } from '../../lib/metrics';
import * as repo from './repository';

export { refundOrderOfSale } from './crediting';
type Deps = CreditingDeps & { publicUrl: string };

const freeSale = { status: transactionStatuses.freePromotion, collected: 0, fee: 0, postingDays: null };
const newOrderId = () => randomBytes(18).toString('base64url');
const resultPath = (order: repo.CheckoutOrderRow) =>
  `/${order.theme}/checkout-result?orderId=${encodeURIComponent(order.publicId)}`;
/** An order's steps, oldest first, as the consumer's page and the transaction detail show them. */
const toHistory = (steps: { status: CheckoutOrderStatus; at: Date }[]) =>
  steps.map((step) => ({ status: step.status, at: step.at.toISOString() }));

/**
 * A payment order a gateway confirmed that a machine's sale report names: same order id, for the
 * reporting machine (and so its merchant), still paid (not refunded). Feeds `isVerifiedPayment`.
 */
export async function findConfirmedCheckoutPayment(
  db: Executor,
  sale: { hwid: string; orderId: string | undefined },
): Promise<ConfirmedPayment | null> {
  if (!sale.orderId) return null;
  const order = await repo.findConfirmedOrder(db, sale.hwid, sale.orderId);
  return order ? { orderId: order.publicId, payGateway: order.gateway, amount: order.amount } : null;
}

/**
 * The checkout order behind a sale, as the transaction detail shows it: found by the sale's order
 * id and gateway within the sale's merchant (another merchant's order is never found), with its
 * steps in order. Null for a sale that no checkout order paid for.
 */
export async function orderOfSale(
  db: Executor,
  sale: { merchantId: number; payGateway: string; orderId: string | null },
): Promise<TransactionOrder | null> {
  if (!sale.orderId) return null;
  const order = await repo.findOrderOfSale(db, sale.merchantId, sale.payGateway, sale.orderId);
  if (!order) return null;
  const history = await repo.listOrderEvents(db, order.id);
  return {
    orderId: order.publicId,
    status: order.status,
    gateway: order.gateway,
    provider: order.provider,
    history: toHistory(history),
    reason: order.reason,
  };
}

type PricedNow = (code: string | null, normal: number, units?: number) => Promise<{ price: number }>;

/** What the machine sells, priced now (a happy hour's prices while its window is open). */
async function offerNow(
  sellable: Sellable | null,
  priced: PricedNow,
  deviceId: number,
  now: Date,
  db: Executor,
): Promise<CheckoutOffer | null> {
  if (!sellable) return null;
  switch (sellable.way) {
    case 'course':
      return { way: 'course' };
    case 'amount': {
      const { min, max, step, suggested } = sellable;
      return { way: 'amount', min, max, step, suggested, discount: await baseDiscountNow(db, deviceId, now) };
    }
    case 'time': {
      const { stepMinutes, maxMinutes, stepPrice, topUp } = sellable;
      return { way: 'time', stepMinutes, maxMinutes, topUp, ...(await priced(null, stepPrice)) };
    }
    case 'product': {
      const products = await Promise.all(
        sellable.products.map(async (product) => {
          const litres = sellable.perLitre ? (product.quantity ?? 1) : 1;
          const code = sellable.perLitre ? null : product.code;
          return { ...product, ...(await priced(code, product.price / litres, litres)) };
        }),
      );
      return { way: 'product', products };
    }
  }
}

/** The consumer's checkout at a machine (docs/payments.md, "Checkout orders"). */
export function createCheckoutService(deps: Deps) {
  const { db, clock, gateways, log } = deps;
  const crediting = createCrediting(deps);
  const running = new Set<Promise<void>>();

  /** Work that runs after the answer (crediting the machine); `idle()` waits for it on shutdown. */
  function inBackground(work: () => Promise<void>) {
    const task = work()
      .catch((error: unknown) => log.warn({ err: error }, 'checkout background work failed'))
      .finally(() => running.delete(task));
    running.add(task);
  }

  async function machineRow(by: { hwid: string } | { deviceId: number }) {
    const row = await repo.findMachine(db, by);
    if (!row) throw new AppError(ErrorCode.DEVICE_NOT_FOUND);
    return row;
  }

  return {
    async machine(query: { hwid?: string; deviceId?: number }): Promise<CheckoutMachine> {
      const row = await machineRow(query.hwid !== undefined ? { hwid: query.hwid } : { deviceId: query.deviceId! });
      const machine = toCheckoutMachine(row, await gateways.providersOf(row.merchantId));
      // The prices in force now: a happy hour's while its window is open, as the machine shows them.
      const now = clock.now();
      const priced = async (code: string | null, normal: number, units = 1) => {
        const offer = await courseOffer(db, row.id, { code, price: normal }, now);
        if (offer.promotionId === null) return { price: normal * units };
        return {
          price: offer.price * units,
          normalPrice: normal * units,
          ...(offer.free ? { free: true } : {}),
        };
      };
      const courses = await Promise.all(
        machine.courses.map(async (course) => ({ ...course, ...(await priced(course.code, course.price)) })),
      );
      return { ...machine, courses, offer: await offerNow(sellableOf(row), priced, row.id, now, db) };
    },

    /** The order for a purchase at the machine's price now (never the browser's), and the gateway's page. */
    async createOrder(input: CheckoutOrderCreate): Promise<{ orderId: string; redirectUrl: string }> {
      const row = await machineRow({ deviceId: input.deviceId });
      const repeat = await repo.findOrderByRequest(db, row.id, input.clientRequestId);
      if (repeat) return paymentRedirect(repeat);
      // Nothing here can take a payment (no credentials, no sandbox): refused before any order is written.
      const providerFor = await gateways.providersOf(row.merchantId);
      const view = toCheckoutMachine(row, providerFor);
      if (!view.paymentSetUp) throw new AppError(ErrorCode.PAYMENT_NOT_SET_UP);
      const purchase: CheckoutPurchase = input.purchase ?? { way: 'course', course: input.course! };
      const topUp = purchase.way === 'time' && purchase.topUp;
      const state = machineState(row);
      if (state === 'offline') throw new AppError(ErrorCode.MACHINE_STATUS_UNAVAILABLE);
      // A top-up needs the dryer running (or just done with the laundry in); anything else a free machine.
      if (topUp ? !view.canTopUp : state !== 'free') throw new AppError(ErrorCode.DEVICE_NOT_STANDBY);
      const sellable = sellableOf(row);
      if (!sellable) throw new InvalidFields([{ path: 'purchase', message: 'this machine sells nothing by phone' }]);
      const item = pricePurchase(sellable, purchase);
      if ('path' in item) throw new InvalidFields([item]);
      if (!mobileMethods(row).includes(input.gateway) || !(view.canPay || view.canTopUp)) {
        throw new InvalidFields([{ path: 'gateway', message: 'not a payment method of this machine' }]);
      }
      const provider = providerFor(input.gateway);
      if (!provider) throw new AppError(ErrorCode.PAYMENT_NOT_SET_UP);
      const now = clock.now();
      const offer = await courseOffer(db, row.id, { code: item.discountCourse, price: item.normalPrice }, now);
      const [price, normalPrice] = [offer.price * item.units, item.normalPrice * item.units];
      const publicId = newOrderId();
      const order = await repo.insertOrder(
        db,
        {
          publicId,
          merchantId: row.merchantId,
          deviceId: row.id,
          placeId: row.placeId,
          courseCode: item.code,
          courseName: item.name,
          amount: price,
          promotionId: offer.promotionId,
          normalAmount: offer.promotionId === null ? null : normalPrice,
          currency: row.currency,
          // A free cycle moves no money: it is recorded under `free`, never under the method on the screen.
          gateway: offer.free ? freeCycleGateway : input.gateway,
          provider,
          theme: input.theme,
          lang: input.lang ?? 'en',
          clientRequestId: input.clientRequestId,
          createdAt: now,
          updatedAt: now,
        },
        item.start,
      );
      // Another request with the same id got there first: answer its order.
      if (!order) return paymentRedirect(await repo.findOrderByRequest(db, row.id, input.clientRequestId));
      if (offer.free) return startFree(order);
      const returnUrl = `${deps.publicUrl}/api/v1/checkout/order/${publicId}/return`;
      try {
        const gateway = await gateways.forMerchant(row.merchantId, provider);
        const payment = await gateway.createPayment({
          orderId: publicId,
          amount: price,
          currency: row.currency,
          description: `${row.name} · ${item.name}`,
          returnUrl,
          cancelUrl: `${returnUrl}?cancelled=1`,
          lang: order.lang,
        });
        await repo.setPayment(db, order.id, payment);
        return { orderId: publicId, redirectUrl: payment.redirectUrl };
      } catch (error) {
        if (error instanceof PaymentFailed) {
          await repo.moveOrder(db, order.id, ['created'], 'failed', clock.now(), { reason: 'gatewayError' });
        }
        throw error;
      }
    },

    async order(publicId: string): Promise<CheckoutOrder> {
      const order = await repo.findOrder(db, publicId);
      if (!order) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      const [history, deviceName, placeTitle] = await Promise.all([
        repo.listOrderEvents(db, order.id),
        repo.findDeviceName(db, order.deviceId),
        repo.findPlaceTitle(db, order.placeId),
      ]);
      return {
        orderId: order.publicId,
        status: order.status,
        amount: order.amount,
        currency: order.currency,
        gateway: order.gateway,
        course: { code: order.courseCode, name: order.courseName },
        device: { id: order.deviceId, name: deviceName },
        place: placeTitle === null ? null : { title: placeTitle },
        theme: order.theme,
        history: toHistory(history),
        reason: order.reason,
      };
    },

    /**
     * The consumer is back from the gateway. The confirmation is checked against the order; the
     * first one that finds it paid records the payment and its sale in one transaction and sends
     * the machine its start in the background. Anything else (a reload, a forgery) moves nothing.
     * Answers where to send the consumer: the result page, which follows the order.
     */
    async returned(publicId: string, callback: Record<string, string | undefined>): Promise<string> {
      const order = await repo.findOrder(db, publicId);
      if (!order) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      if (order.status !== 'created' || !order.providerPaymentId) return resultPath(order);
      const expected = { orderId: publicId, amount: order.amount, currency: order.currency };
      let confirmed;
      try {
        const gateway = await gateways.forMerchant(order.merchantId, order.provider);
        if (gateway.readCallback(callback).providerPaymentId !== order.providerPaymentId) {
          throw new PaymentFailed(order.provider, 'the callback names another payment');
        }
        confirmed = await gateway.confirm({ expected, callback });
      } catch (error) {
        if (!(error instanceof PaymentFailed)) throw error;
        log.warn({ orderId: publicId, reason: error.reason }, 'checkout confirmation refused');
        paymentConfirmations.inc({ gateway: order.provider, outcome: 'refused' });
        return resultPath(order);
      }
      if (!confirmed.firstConfirmation) return resultPath(order);
      paymentConfirmations.inc({
        gateway: order.provider,
        outcome: confirmed.status === 'failed' ? 'declined' : 'paid',
      });
      if (confirmed.status === 'failed') {
        const to = callback.cancelled === '1' && order.provider !== 'sandbox' ? 'cancelled' : 'failed';
        await repo.moveOrder(db, order.id, ['created'], to, clock.now(), { reason: 'declined' });
        return resultPath(order);
      }
      const paid = await db.transaction(async (tx) => {
        await lockMerchant(tx, { merchantId: order.merchantId });
        const at = clock.now();
        const detail = { providerPaymentId: confirmed.providerPaymentId };
        if (!(await repo.moveOrder(tx, order.id, ['created'], 'paid', at, { detail }))) return false;
        const money = saleSettlement({ payGateway: order.gateway, amount: order.amount }, true);
        await repo.insertSale(tx, { order, ...money, at });
        return true;
      });
      if (paid) inBackground(() => crediting.credit(publicId));
      return resultPath(order);
    },

    /** The place's machines for its QR sticker sheet: a sticker only for one that can take a payment now. */
    async qrStickers(scope: DeviceScope, placeId: number): Promise<PlaceQrStickers> {
      const rows = await repo.findPlaceMachines(db, scope, placeId);
      if (!rows) throw new AppError(ErrorCode.PLACE_NOT_FOUND);
      const providerFor = await gateways.providersOf(scope.merchantId);
      return {
        items: rows.map((row) => ({ id: row.id, name: row.name, hwid: row.hwid, ...stickerOf(row, providerFor) })),
      };
    },

    /** Resolves once the background work started so far is done (tests, shutdown). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running]);
    },
  };

  /**
   * A free cycle of a promotion: nothing to pay, so no gateway. The order is paid at once with its
   * sale as a free promotion (status 90: total 0, nothing collected, never in the wallet), and the
   * machine is started as for a paid order.
   */
  async function startFree(order: repo.CheckoutOrderRow) {
    const redirectUrl = `${deps.publicUrl}${resultPath(order)}`;
    await db.transaction(async (tx) => {
      await lockMerchant(tx, { merchantId: order.merchantId });
      const at = clock.now();
      await repo.setPayment(tx, order.id, { providerPaymentId: null, redirectUrl });
      if (!(await repo.moveOrder(tx, order.id, ['created'], 'paid', at, { detail: { free: true } }))) return;
      await repo.insertSale(tx, { order, ...freeSale, at });
    });
    inBackground(() => crediting.credit(order.publicId));
    return { orderId: order.publicId, redirectUrl };
  }
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
