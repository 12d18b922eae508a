import {
  ErrorCode,
  type Card,
  type CardAdjustment,
  type CardChangeResult,
  type CardCreate,
  type CardEntryQuery,
  type CardListQuery,
  type CardProgram,
  type CardSettingsInput,
  type CardStatisticsQuery,
  type cardEntryExportQuery,
} from '@sbo/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { dayRange, formatDay } from '../../lib/day-range';
import type { MerchantAuth } from '../../plugins/access';
import * as entries from './entry-repository';
import * as repo from './repository';
import { rewardFor, takesTopUps } from './rules';
import { settingsOf, settingsView } from './settings';
import { cardStatistics } from './card-statistics';
import { recordsCsv } from './records-csv';
import { okMachineRows } from './machine-repository';
import { toCard, toEntry } from './views';
import { depositRewardFor } from '../promotion/service';

type ExportQuery = z.infer<typeof cardEntryExportQuery>;

/**
 * The merchant's side of the card programs (docs/cards.md): cards, their ledger, statistics,
 * settings, and the hand-made entries (top-up at the counter, corrections), each idempotent by its
 * Idempotency-Key and audited in the transaction that writes it.
 */
export function createCardsService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  async function cardOf(auth: MerchantAuth, id: number, program?: CardProgram) {
    const card = await repo.findCard(db, auth.merchantId, id, { program });
    if (!card) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    return card;
  }

  async function rangeOf(auth: MerchantAuth, query: { from?: string; to?: string }, tz: string | null | undefined) {
    const merchant = await repo.merchantCurrency(db, auth.merchantId);
    const timeZone = tz || merchant.timezone;
    return { range: dayRange(query, timeZone, clock.now()), timeZone, currency: merchant.currency };
  }

  /** Writes hand-made entries once per key: a repeat answers the entries the first call made. */
  async function manualChange(
    auth: MerchantAuth,
    cardId: number,
    key: string,
    program: CardProgram | undefined,
    make: (card: repo.CardRow, name: string) => { entries: repo.NewEntry[]; action: 'card.topUp' | 'card.adjust' },
  ): Promise<CardChangeResult> {
    const source = `staff:${cardId}:${key}`;
    const ids = await db.transaction(async (tx) => {
      const card = await repo.findCard(tx, auth.merchantId, cardId, { program, lock: true });
      if (!card) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      const done = await repo.entryIdsOfSource(tx, auth.merchantId, source);
      if (done.length > 0) return done;
      const change = make(card, await repo.actorName(tx, auth.userId));
      const made = await repo.appendEntries(
        tx,
        auth.merchantId,
        card.id,
        change.entries.map((e) => ({ ...e, sourceId: source, actorUserId: auth.userId, createdAt: clock.now() })),
      );
      await writeAudit(tx, auth, {
        action: change.action,
        entity: 'card',
        entityId: card.id,
        before: { balance: card.balance, point: card.point },
        after: {
          entries: change.entries.map((e) => ({ kind: e.kind, balance: e.balanceChange, point: e.pointChange })),
          reason: change.entries[0]?.reason,
        },
      });
      return made;
    });
    const card = await cardOf(auth, cardId);
    const rows = await entries.entriesById(db, auth.merchantId, ids);
    return { card: toCard(card), entries: rows.map((row) => toEntry(row, card.currency)) };
  }

  async function list(auth: MerchantAuth, query: CardListQuery) {
    const [{ rows, total }, merchant] = await Promise.all([
      repo.listCards(db, auth.merchantId, query),
      repo.merchantCurrency(db, auth.merchantId),
    ]);
    return { items: rows.map(toCard), total, page: query.page, pageSize: query.pageSize, currency: merchant.currency };
  }

  async function detail(auth: MerchantAuth, id: number, program?: CardProgram): Promise<Card> {
    return toCard(await cardOf(auth, id, program));
  }

  async function statistics(auth: MerchantAuth, query: CardStatisticsQuery, tz?: string | null) {
    const { range, timeZone, currency } = await rangeOf(auth, query, tz);
    return cardStatistics(db, auth.merchantId, query, { range, timeZone, currency });
  }

  async function adjust(auth: MerchantAuth, id: number, key: string, input: CardAdjustment, program?: CardProgram) {
    return manualChange(auth, id, key, program, (_card, name) => ({
      action: 'card.adjust',
      entries: [
        {
          kind: 'adjustment',
          balanceChange: input.balanceChange,
          pointChange: input.pointChange,
          sourceId: '',
          reason: input.reason,
          actorName: name,
        },
      ],
    }));
  }

  return {
    list,
    detail,
    statistics,
    adjust,

    async create(auth: MerchantAuth, input: CardCreate): Promise<Card> {
      if (input.placeId !== undefined && (await repo.ownPlaceIds(db, auth.merchantId, [input.placeId])).length === 0) {
        throw new AppError(ErrorCode.PLACE_NOT_FOUND);
      }
      const id = await db.transaction(async (tx) => {
        const made = await repo.insertCard(tx, {
          merchantId: auth.merchantId,
          program: input.program,
          number: input.number,
          virtual: false,
          loyaltyType: input.loyaltyType,
          holderName: input.holderName,
          holderPhone: input.holderPhone ?? null,
          status: input.activate ? 'active' : 'inactive',
          placeId: input.placeId ?? null,
          createdAt: clock.now(),
        });
        if (made === null) throw new AppError(ErrorCode.CARD_NUMBER_TAKEN);
        await writeAudit(tx, auth, {
          action: 'card.create',
          entity: 'card',
          entityId: made,
          after: { number: input.number, program: input.program, loyaltyType: input.loyaltyType },
        });
        return made;
      });
      return detail(auth, id);
    },

    /** Activate or cancel, confirmed in the web. A cancelled card never comes back (1103003). */
    async setStatus(auth: MerchantAuth, id: number, status: 'active' | 'cancelled'): Promise<Card> {
      await db.transaction(async (tx) => {
        const card = await repo.findCard(tx, auth.merchantId, id, { lock: true });
        if (!card) throw new AppError(ErrorCode.DATA_NOT_FOUND);
        if (card.status === status) return;
        if (card.status === 'cancelled') throw new AppError(ErrorCode.CARD_DISABLED);
        await repo.setCardStatus(tx, auth.merchantId, id, status);
        await writeAudit(tx, auth, {
          action: status === 'active' ? 'card.activate' : 'card.cancel',
          entity: 'card',
          entityId: id,
          before: { status: card.status },
          after: { status, balance: card.balance, point: card.point },
        });
      });
      return detail(auth, id);
    },

    /** A top-up paid at the counter, with the reward of the tier it reaches. */
    async topUp(auth: MerchantAuth, id: number, key: string, input: { amount: number; reason: string }) {
      const card = await cardOf(auth, id);
      if (!takesTopUps(card.loyaltyType)) throw new AppError(ErrorCode.CARD_TOP_UP_UNSUPPORTED);
      if (card.status === 'cancelled') throw new AppError(ErrorCode.CARD_DISABLED);
      const settings = await settingsOf(db, auth.merchantId, card.program);
      const promotion = await depositRewardFor(db, auth, { placeId: card.placeId, amount: input.amount }, clock.now());
      const reward = rewardFor(settings.topUpTiers, input.amount) + (promotion?.feedback ?? 0);
      return manualChange(auth, id, key, undefined, (locked, name) => {
        if (locked.status === 'cancelled') throw new AppError(ErrorCode.CARD_DISABLED);
        const common = { sourceId: '', reason: input.reason, actorName: name, placeId: locked.placeId };
        return {
          action: 'card.topUp',
          entries: [
            { kind: 'topUp', balanceChange: input.amount, ...common },
            { kind: 'topUpReward', balanceChange: reward, ...common },
          ],
        };
      });
    },

    async records(auth: MerchantAuth, query: CardEntryQuery, tz?: string | null) {
      const { range, currency } = await rangeOf(auth, query, tz);
      const filter = { ...query, from: range.from, until: range.until };
      const [rows, totals] = await Promise.all([
        entries.listEntries(db, auth.merchantId, filter, query),
        entries.sumEntries(db, auth.merchantId, filter),
      ]);
      return {
        items: rows.map((row) => toEntry(row, currency)),
        total: totals.count,
        page: query.page,
        pageSize: query.pageSize,
        totals,
        currency,
      };
    },

    async exportRecords(auth: MerchantAuth, query: ExportQuery, tz?: string | null) {
      const { range, timeZone, currency } = await rangeOf(auth, query, tz);
      const rows = await entries.listEntries(
        db,
        auth.merchantId,
        { ...query, from: range.from, until: range.until },
        null,
      );
      const body = recordsCsv(rows, currency, timeZone);
      return { body, fileName: `card-records-${query.program}-${formatDay(range.first).replaceAll('-', '')}.csv` };
    },

    settings: (auth: MerchantAuth, program: CardProgram) => settingsView(db, auth.merchantId, program),

    async updateSettings(auth: MerchantAuth, program: CardProgram, input: CardSettingsInput) {
      const places = [...new Set(input.placeIds)];
      if ((await repo.ownPlaceIds(db, auth.merchantId, places)).length !== places.length) {
        throw new AppError(ErrorCode.PLACE_NOT_FOUND);
      }
      await db.transaction(async (tx) => {
        const before = await settingsOf(tx, auth.merchantId, program);
        const topUpTiers = [...input.topUpTiers].sort((a, b) => a.amount - b.amount);
        await repo.saveSettings(tx, {
          merchantId: auth.merchantId,
          program,
          topUpTiers,
          pointsRule: input.pointsRule,
          placeIds: places,
          virtualCards: input.virtualCards,
          updatedAt: clock.now(),
        });
        await writeAudit(tx, auth, {
          action: 'cardSettings.update',
          entity: 'cardSettings',
          entityId: program,
          before: { ...before, updatedAt: undefined },
          after: { topUpTiers, pointsRule: input.pointsRule, placeIds: places, virtualCards: input.virtualCards },
        });
      });
      return settingsView(db, auth.merchantId, program);
    },

    /** OK card figures: cards now, and those opened in the range. */
    async okIssued(auth: MerchantAuth, query: { from?: string; to?: string }, tz?: string | null) {
      const stats = await statistics(auth, { ...query, program: 'ok' }, tz);
      return {
        cards: stats.cards,
        activeCards: stats.activeCards,
        issued: stats.issued,
        outstanding: stats.outstanding,
        currency: stats.currency,
      };
    },

    async okMachines(auth: MerchantAuth, tz?: string | null) {
      const { range, currency } = await rangeOf(auth, {}, tz);
      const settings = await settingsOf(db, auth.merchantId, 'ok');
      const today = { from: new Date(range.until.getTime() - 86_400_000), until: range.until };
      const rows = await okMachineRows(db, auth.merchantId, settings.placeIds, today.from);
      return { currency, items: rows };
    },

    async okRevenue(auth: MerchantAuth, query: { from?: string; to?: string }, tz?: string | null) {
      const stats = await statistics(auth, { ...query, program: 'ok' }, tz);
      return {
        currency: stats.currency,
        deposits: stats.deposits,
        rewards: stats.rewards,
        spend: stats.spend,
        refunds: stats.refunds,
        series: stats.series.map((d) => ({ day: d.day, deposits: d.deposits, spend: d.spend })),
      };
    },
  };
}

export type CardsService = ReturnType<typeof createCardsService>;
