import { randomBytes } from 'node:crypto';
import { CardReader, cardGatewayOf, type CardProgram, type CardReaderCode } from '@sbo/contracts';
import type { ConfirmedPayment } from '@sbo/contracts/settlement';
import type { Database, Executor } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { pgErrorCode } from '../../lib/pg-error';
import type { Clock } from '../../lib/clock';
import { bonusAfterCharge, bonusesAfterRefund, type BonusEntry } from '../promotion/service';
import * as desk from './desk-repository';
import { appendEntries, findCardByNumber, findCard } from './repository';
import { machineRefusal, refundOf, splitSpend, type SpendSplit } from './rules';
import { settingsOf } from './settings';

export type CardMachineRequest = { hwid: string; requestId: string; card: string; amount: number };
export type CardMachineAnswer = {
  result: CardReaderCode;
  orderId?: string;
  payGateway?: 'ESVC' | 'cash-card';
  balanceUsed?: number;
  rewardUsed?: number;
  pointsUsed?: number;
  balance?: number;
  point?: number;
};

/**
 * How long a charge may wait for a card another machine is charging before it answers "tap again":
 * well inside the machine's own time limit (`deviceTiming`), so the answer still reaches it.
 */
const defaultLockWaitMs = 4_000;
/** The largest single charge a card takes at a machine (minor units). */
const maxCharge = 10_000_000;

const isLockTimeout = (error: unknown) => pgErrorCode(error) === '55P03';

const newOrderId = () => `card-${randomBytes(12).toString('base64url')}`;

/** The source id of the ledger entries of a charge, and of its refund: one of each, however often asked. */
const chargeSource = (orderId: string) => `charge:${orderId}`;
const refundSource = (orderId: string) => `refund:${orderId}`;

/** The stored answer of an authorization, for a repeated request. */
function answerOf(row: desk.AuthorizationRow, program: CardProgram | null): CardMachineAnswer {
  if (row.result !== CardReader.approved || !row.orderId) return { result: row.result };
  return {
    result: row.result,
    orderId: row.orderId,
    ...(program ? { payGateway: cardGatewayOf[program] } : {}),
    balanceUsed: row.balanceUsed,
    rewardUsed: row.rewardUsed,
    pointsUsed: row.pointsUsed,
  };
}

/**
 * Card payments at machines (docs/cards.md, "Paying at a machine"). A charge is one database
 * transaction: the request is claimed once per (machine, request id), the card row is locked (so
 * charges of one card at many machines queue and each sees the balance the previous one left), the
 * split is computed, and the sale and its ledger entries are written together. A refusal changes
 * nothing but the stored answer; a repeat answers what the first got.
 */
export function createCardDesk(deps: { db: Database; clock: Clock; lockWaitMs?: number }) {
  const { db, clock } = deps;
  const lockWaitMs = Math.max(1, Math.round(deps.lockWaitMs ?? defaultLockWaitMs));

  async function charge(tx: Executor, request: CardMachineRequest, machine: desk.MachineRow) {
    await desk.setLockTimeout(tx, lockWaitMs);
    const claimed = await desk.claimRequest(tx, { ...machine, ...request, cardNumber: request.card });
    if (claimed === null) {
      const stored = await desk.findAuthorization(tx, machine.deviceId, request.requestId);
      const card = stored?.cardId ? await findCard(tx, machine.merchantId, stored.cardId) : null;
      return stored ? answerOf(stored, card?.program ?? null) : { result: CardReader.processingError };
    }
    const refuse = async (result: CardReaderCode, cardId: number | null = null): Promise<CardMachineAnswer> => {
      await desk.finishAuthorization(tx, claimed, { result, cardId });
      return { result };
    };
    if (!Number.isSafeInteger(request.amount) || request.amount <= 0 || request.amount > maxCharge) {
      return refuse(CardReader.formatError);
    }
    const found = await findCardByNumber(tx, machine.merchantId, request.card);
    if (!found) return refuse(CardReader.notMemberCard);
    const card = (await findCard(tx, machine.merchantId, found.id, { lock: true }))!;
    const refusal = machineRefusal(card);
    if (refusal) return refuse(refusal, card.id);
    const settings = await settingsOf(tx, machine.merchantId, card.program);
    if (machine.placeId === null || !settings.placeIds.includes(machine.placeId)) {
      return refuse(CardReader.rejected, card.id);
    }
    const split = splitSpend(card, settings.pointsRule, request.amount);
    if (!split) return refuse(CardReader.insufficientBalance, card.id);

    const at = clock.now();
    const orderId = newOrderId();
    const payGateway = cardGatewayOf[card.program];
    const transactionId = await desk.insertCardSale(tx, {
      merchantId: machine.merchantId,
      deviceId: machine.deviceId,
      orderId,
      payGateway,
      amount: request.amount,
      balanceUsed: split.balanceUsed,
      rewardUsed: split.rewardUsed,
      at,
    });
    const where = { placeId: machine.placeId, deviceId: machine.deviceId, transactionId, createdAt: at };
    const source = chargeSource(orderId);
    await appendEntries(tx, machine.merchantId, card.id, [
      { kind: 'pointsRedeemed', pointChange: -split.pointsUsed, sourceId: source, ...where },
      { kind: 'spend', balanceChange: -split.balanceUsed, sourceId: source, ...where },
      { kind: 'pointsEarned', pointChange: split.pointsEarned, sourceId: source, ...where },
    ]);
    await desk.finishAuthorization(tx, claimed, {
      result: CardReader.approved,
      cardId: card.id,
      orderId,
      transactionId,
      ...split,
    });
    const bonus = await bonusAfterCharge(tx, {
      merchantId: machine.merchantId,
      deviceId: machine.deviceId,
      cardId: card.id,
      storedValue: card.loyaltyType === 'storedValue',
      at,
    });
    if (bonus) await appendBonuses(tx, machine.merchantId, card.id, [bonus], where);
    await writeAudit(
      tx,
      { merchantId: machine.merchantId, userId: null },
      {
        action: 'card.spend',
        entity: 'card',
        entityId: card.id,
        after: { orderId, deviceId: machine.deviceId, amount: request.amount, ...split },
      },
    );
    const after = (await findCard(tx, machine.merchantId, card.id))!;
    return {
      result: CardReader.approved,
      orderId,
      payGateway,
      balanceUsed: split.balanceUsed,
      rewardUsed: split.rewardUsed,
      pointsUsed: split.pointsUsed,
      balance: after.balance,
      point: after.point,
    } satisfies CardMachineAnswer;
  }

  /** The machine could not use an approval (it gave up waiting, or failed to start): the card gets it back. */
  async function voidCharge(request: { hwid: string; requestId: string }): Promise<{ result: CardReaderCode }> {
    const machine = await desk.findMachine(db, request.hwid);
    if (!machine) return { result: CardReader.noOriginal };
    const stored = await desk.findAuthorization(db, machine.deviceId, request.requestId);
    if (!stored) {
      // The void overtook its authorize (another api instance took it): the request id is claimed as
      // timed out, so the authorize, when it comes, answers that and charges nothing.
      await desk.claimVoided(db, { ...machine, requestId: request.requestId, at: clock.now() });
      const claimed = await desk.findAuthorization(db, machine.deviceId, request.requestId);
      if (claimed?.result === CardReader.approved) return voidCharge(request);
      return { result: CardReader.noOriginal };
    }
    if (stored.result !== CardReader.approved || !stored.orderId || !stored.transactionId) {
      return { result: CardReader.approved };
    }
    await db.transaction(async (tx) => {
      await refundCharge(tx, clock, machine.merchantId, stored, 'void');
    });
    return { result: CardReader.approved };
  }

  return {
    async authorize(request: CardMachineRequest): Promise<CardMachineAnswer> {
      const machine = await desk.findMachine(db, request.hwid);
      if (!machine) return { result: CardReader.rejected };
      try {
        return await db.transaction((tx) => charge(tx, request, machine));
      } catch (error) {
        // Another machine holds the card longer than a charge may wait: the holder taps again.
        if (isLockTimeout(error)) return { result: CardReader.retap };
        throw error;
      }
    },

    void: voidCharge,
  };
}

export type CardDesk = ReturnType<typeof createCardDesk>;

/** Spending bonuses (or their taking back) on the ledger, each audited with its promotion. */
async function appendBonuses(
  tx: Executor,
  merchantId: number,
  cardId: number,
  bonuses: BonusEntry[],
  where: { placeId: number | null; deviceId?: number; transactionId: number; createdAt: Date },
) {
  for (const { promotionId, ...bonus } of bonuses) {
    const written = await appendEntries(tx, merchantId, cardId, [{ kind: 'promotionBonus', ...bonus, ...where }]);
    if (written.length === 0) continue;
    await writeAudit(
      tx,
      { merchantId, userId: null },
      {
        action: 'card.promotionBonus',
        entity: 'card',
        entityId: cardId,
        after: { promotionId, balanceChange: bonus.balanceChange, pointChange: bonus.pointChange },
      },
    );
  }
}

/**
 * Gives a charge back to its card, once: the sale becomes refunded (98) and the ledger gets one refund
 * entry (source `refund:<order id>`), whichever path comes first (the machine's void or the merchant's
 * refund). Locks the sale, then the card.
 */
export async function refundCharge(
  tx: Executor,
  clock: Clock,
  merchantId: number,
  charge: desk.AuthorizationRow,
  by: 'void' | 'merchant',
): Promise<void> {
  if (!charge.orderId || !charge.transactionId || !charge.cardId) return;
  const sale = await desk.lockSale(tx, merchantId, charge.transactionId);
  const card = await findCard(tx, merchantId, charge.cardId, { lock: true });
  if (!sale || !card) return;
  if (await desk.hasEntryFrom(tx, merchantId, refundSource(charge.orderId))) return;
  const spend: SpendSplit = {
    balanceUsed: charge.balanceUsed,
    pointsUsed: charge.pointsUsed,
    rewardUsed: charge.rewardUsed,
    pointsEarned: await desk.pointsEarnedBy(tx, merchantId, chargeSource(charge.orderId)),
  };
  const back = refundOf(card, spend);
  const at = clock.now();
  if (by === 'void') await desk.refundSale(tx, charge.transactionId, at);
  await desk.markVoided(tx, charge.id, at);
  await appendEntries(tx, merchantId, card.id, [
    {
      kind: 'refund',
      ...back,
      sourceId: refundSource(charge.orderId),
      transactionId: charge.transactionId,
      placeId: card.placeId,
      createdAt: at,
    },
  ]);
  const refunded = (await findCard(tx, merchantId, card.id))!;
  const taken = await bonusesAfterRefund(tx, {
    merchantId,
    cardId: card.id,
    transactionId: charge.transactionId,
    card: refunded,
  });
  await appendBonuses(tx, merchantId, card.id, taken, {
    placeId: card.placeId,
    transactionId: charge.transactionId,
    createdAt: at,
  });
  await writeAudit(
    tx,
    { merchantId, userId: null },
    {
      action: by === 'void' ? 'card.void' : 'card.refund',
      entity: 'card',
      entityId: card.id,
      after: { orderId: charge.orderId, ...back },
    },
  );
}

/** A card payment the api approved that a machine's sale report names (feeds `isVerifiedPayment`). */
export async function findConfirmedCardPayment(
  db: Executor,
  sale: { hwid: string; orderId: string | undefined },
): Promise<ConfirmedPayment | null> {
  if (!sale.orderId) return null;
  const found = await desk.findApprovedByOrder(db, sale.hwid, sale.orderId);
  if (!found) return null;
  return { orderId: found.orderId, payGateway: cardGatewayOf[found.program as CardProgram], amount: found.amount };
}
