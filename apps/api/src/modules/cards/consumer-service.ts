import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  type CardOffer,
  type CardProgram,
  type CardTopUpCreate,
  type CardTopUpOrder,
  type PaymentGateway,
} from '@sbo/contracts';
import { saleSettlement, settlementRules } from '@sbo/contracts/settlement';
import type { Database } from '../../db/client';
import { AppError, InvalidFields } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { PaymentFailed, paymentRedirect } from '../../payments/gateway';
import type { PaymentGateways } from '../../payments/gateways';
import type { SmsProvider } from '../../sms/sms-provider';
import { lockMerchant } from '../merchant/service';
import * as consumer from './consumer-repository';
import { createVirtualCardFlow } from './virtual-card-flow';
import { entriesById } from './entry-repository';
import * as repo from './repository';
import { takesTopUps } from './rules';
import { acceptingPlaceOf } from './consumer-place';
import { maskCardNumber } from './views';
import { depositRewardFor } from '../promotion/service';

type Deps = {
  db: Database;
  clock: Clock;
  gateways: PaymentGateways;
  /** None when the server has no way to send text messages: asking for a code answers 1103009. */
  sms: SmsProvider | null;
  publicUrl: string;
  log: { warn(details: object, message: string): void };
};

const newPublicId = () => randomBytes(18).toString('base64url');
const resultPath = (publicId: string) => `/custom/card-top-up-result?orderId=${encodeURIComponent(publicId)}`;

/**
 * The consumer's side of the cards at checkout (docs/cards.md): what a place offers, opening the
 * phone's virtual card with a one-time SMS code, and topping a card up through a payment gateway.
 * The tier's reward is the merchant's setting at the time of the order, never the browser's word;
 * the card is credited once, when the gateway confirms the payment.
 */
export function createCardConsumerService(deps: Deps) {
  const { db, clock, gateways, sms, log } = deps;

  const acceptingPlace = (query: { placeId?: number; hwid?: string }, program: CardProgram) =>
    acceptingPlaceOf(db, query, program);

  const methodsOf = (place: consumer.ConsumerPlace): PaymentGateway[] =>
    place.mobilePaymentEnabled ? place.gateways.filter((g) => settlementRules[g]?.kind === 'platform') : [];

  /** The place's methods that can take a payment now (credentials, or the sandbox while it is on). */
  const payableMethodsOf = async (place: consumer.ConsumerPlace): Promise<PaymentGateway[]> => {
    const providerFor = await gateways.providersOf(place.merchantId);
    return methodsOf(place).filter((gateway) => providerFor(gateway) !== null);
  };

  const virtualCards = createVirtualCardFlow({ db, clock, sms, log });

  return {
    async offer(query: { placeId?: number; hwid?: string; program: CardProgram }): Promise<CardOffer> {
      const { place, settings } = await acceptingPlace(query, query.program);
      const payable = await payableMethodsOf(place);
      const now = clock.now();
      const topUpTiers = [];
      for (const tier of settings.topUpTiers) {
        const promotion = await depositRewardFor(
          db,
          { merchantId: place.merchantId },
          { placeId: place.id, ...tier },
          now,
        );
        topUpTiers.push({
          ...tier,
          promotion: promotion ? { id: promotion.promotionId, name: promotion.name, reward: promotion.feedback } : null,
        });
      }
      return {
        program: query.program,
        merchantName: place.merchantName,
        place: { id: place.id, title: place.title },
        currency: place.currency,
        topUpTiers,
        pointsRule: settings.pointsRule,
        virtualCards: settings.virtualCards,
        gateways: payable,
        paymentSetUp: payable.length > 0,
      };
    },

    ...virtualCards,

    async createTopUp(input: CardTopUpCreate): Promise<{ orderId: string; redirectUrl: string }> {
      const { place, settings } = await acceptingPlace({ placeId: input.placeId }, input.program);
      const card = await repo.findCardByNumber(db, place.merchantId, input.cardNumber, input.program);
      // Nothing here can take a payment (no credentials, no sandbox): refused before any order is written.
      const providerFor = await gateways.providersOf(place.merchantId);
      if (!methodsOf(place).some((method) => providerFor(method) !== null)) {
        throw new AppError(ErrorCode.PAYMENT_NOT_SET_UP);
      }
      if (!card) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      if (!takesTopUps(card.loyaltyType)) throw new AppError(ErrorCode.CARD_TOP_UP_UNSUPPORTED);
      if (card.status === 'cancelled') throw new AppError(ErrorCode.CARD_DISABLED);
      const repeat = await consumer.findTopUpByRequest(db, card.id, input.clientRequestId);
      if (repeat) return paymentRedirect(repeat);
      const tier = settings.topUpTiers.find((t) => t.amount === input.amount);
      if (!tier) throw new InvalidFields([{ path: 'amount', message: 'not a top-up tier of this place' }]);
      const gateway = input.gateway as PaymentGateway;
      if (!methodsOf(place).includes(gateway)) {
        throw new InvalidFields([{ path: 'gateway', message: 'not a payment method of this place' }]);
      }
      const provider = providerFor(gateway);
      if (!provider) throw new AppError(ErrorCode.PAYMENT_NOT_SET_UP);
      const now = clock.now();
      const promotion = await depositRewardFor(
        db,
        { merchantId: place.merchantId },
        { placeId: place.id, amount: tier.amount },
        now,
      );
      const publicId = newPublicId();
      const order = await consumer.insertTopUp(db, {
        publicId,
        merchantId: place.merchantId,
        cardId: card.id,
        placeId: place.id,
        amount: tier.amount,
        // A running top-up reward promotion adds its feedback to the tier's reward.
        reward: tier.reward + (promotion?.feedback ?? 0),
        currency: place.currency,
        gateway,
        provider,
        clientRequestId: input.clientRequestId,
        lang: input.lang ?? 'en',
        createdAt: now,
        updatedAt: now,
      });
      if (!order) return paymentRedirect(await consumer.findTopUpByRequest(db, card.id, input.clientRequestId));
      const returnUrl = `${deps.publicUrl}/api/v1/checkout/card/top-up/${publicId}/return`;
      try {
        const provider = await gateways.forMerchant(place.merchantId, order.provider);
        const payment = await provider.createPayment({
          orderId: publicId,
          amount: order.amount,
          currency: order.currency,
          description: `${place.merchantName} · top-up ${maskCardNumber(card.number)}`,
          returnUrl,
          cancelUrl: `${returnUrl}?cancelled=1`,
          lang: order.lang,
        });
        await consumer.setTopUpPayment(db, order.id, payment);
        return { orderId: publicId, redirectUrl: payment.redirectUrl };
      } catch (error) {
        if (error instanceof PaymentFailed) await consumer.moveTopUp(db, order.id, ['created'], 'failed', clock.now());
        throw error;
      }
    },

    async topUpOrder(publicId: string): Promise<CardTopUpOrder> {
      const order = await consumer.findTopUp(db, publicId);
      if (!order) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      const [card, place] = await Promise.all([
        repo.findCard(db, order.merchantId, order.cardId),
        consumer.findPlace(db, { placeId: order.placeId }),
      ]);
      const credited =
        order.status === 'paid' ? await repo.entryIdsOfSource(db, order.merchantId, `topup:${publicId}`) : [];
      const after = credited.length > 0 ? await balanceAfter(order.merchantId, credited) : null;
      return {
        orderId: order.publicId,
        status: order.status,
        program: card?.program ?? 'vip',
        cardNumber: maskCardNumber(card?.number ?? ''),
        amount: order.amount,
        reward: order.reward,
        currency: order.currency,
        gateway: order.gateway,
        place: { id: order.placeId, title: place?.title ?? '' },
        balanceAfter: after,
        createdAt: order.createdAt.toISOString(),
      };
    },

    /**
     * The consumer is back from the gateway: the confirmation is checked against the order, and the
     * first one that finds it paid records the sale (a top-up, not revenue) and credits the card with
     * the tier's deposit and reward, all in one transaction. Answers where to send the consumer.
     */
    async returned(publicId: string, callback: Record<string, string | undefined>): Promise<string> {
      const order = await consumer.findTopUp(db, publicId);
      if (!order) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      if (order.status !== 'created' || !order.providerPaymentId) return resultPath(publicId);
      let confirmed;
      try {
        const provider = await gateways.forMerchant(order.merchantId, order.provider);
        if (provider.readCallback(callback).providerPaymentId !== order.providerPaymentId) {
          throw new PaymentFailed(order.provider, 'the callback names another payment');
        }
        confirmed = await provider.confirm({
          expected: { orderId: publicId, amount: order.amount, currency: order.currency },
          callback,
        });
      } catch (error) {
        if (!(error instanceof PaymentFailed)) throw error;
        log.warn({ orderId: publicId, reason: error.reason }, 'card top-up confirmation refused');
        return resultPath(publicId);
      }
      if (!confirmed.firstConfirmation) return resultPath(publicId);
      if (confirmed.status === 'failed') {
        const to = callback.cancelled === '1' && order.provider !== 'sandbox' ? 'cancelled' : 'failed';
        await consumer.moveTopUp(db, order.id, ['created'], to, clock.now());
        return resultPath(publicId);
      }
      await db.transaction(async (tx) => {
        await lockMerchant(tx, { merchantId: order.merchantId });
        const card = await repo.findCard(tx, order.merchantId, order.cardId, { lock: true });
        const at = clock.now();
        const money = saleSettlement({ payGateway: order.gateway as PaymentGateway, amount: order.amount }, true);
        const transactionId = await consumer.insertTopUpSale(tx, { order, ...money, at });
        if (!(await consumer.moveTopUp(tx, order.id, ['created'], 'paid', at, transactionId))) {
          throw new AppError(ErrorCode.DATA_NOT_FOUND);
        }
        const common = { sourceId: `topup:${publicId}`, placeId: order.placeId, transactionId, createdAt: at };
        await repo.appendEntries(tx, order.merchantId, order.cardId, [
          { kind: 'topUp', balanceChange: order.amount, ...common },
          { kind: 'topUpReward', balanceChange: order.reward, ...common },
        ]);
        await writeAudit(
          tx,
          { merchantId: order.merchantId, userId: null },
          {
            action: 'card.topUpPaid',
            entity: 'card',
            entityId: order.cardId,
            before: { balance: card?.balance ?? 0 },
            after: { orderId: publicId, amount: order.amount, reward: order.reward, gateway: order.gateway },
          },
        );
      });
      return resultPath(publicId);
    },
  };

  async function balanceAfter(merchantId: number, entryIds: number[]): Promise<number | null> {
    const rows = await entriesById(db, merchantId, entryIds);
    return rows.at(-1)?.balanceAfter ?? null;
  }
}

export type CardConsumerService = ReturnType<typeof createCardConsumerService>;
