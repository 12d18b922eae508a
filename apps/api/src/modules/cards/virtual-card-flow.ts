import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { ErrorCode, type CardProgram } from '@sbo/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { SmsProvider } from '../../sms/sms-provider';
import { acceptingPlaceOf, toConsumerCard } from './consumer-place';
import * as consumer from './consumer-repository';
import * as repo from './repository';

/** One code a minute per phone, five an hour (10009 beyond); a code lives ten minutes and takes five tries. */
const smsLimits = { gapSeconds: 60, perHour: 5, lifetimeSeconds: 600, attempts: 5 } as const;

const hashCode = (merchantId: number, phone: string, code: string) =>
  createHash('sha256').update(`${merchantId}:${phone}:${code}`).digest('hex');

type Deps = {
  db: Database;
  clock: Clock;
  /** None when the server has no way to send text messages: asking for a code answers 1103009. */
  sms: SmsProvider | null;
  log: { warn(details: object, message: string): void };
};

/** A phone's virtual card at checkout (docs/cards.md): a one-time SMS code, then the card opened on first use. */
export function createVirtualCardFlow({ db, clock, sms, log }: Deps) {
  const acceptingPlace = (query: { placeId: number }, program: CardProgram) => acceptingPlaceOf(db, query, program);

  return {
    async sendCode(input: { placeId: number; program: CardProgram; phone: string }) {
      const { place, settings } = await acceptingPlace({ placeId: input.placeId }, input.program);
      if (!settings.virtualCards) throw new AppError(ErrorCode.VIRTUAL_CARDS_CLOSED);
      if (!sms) throw new AppError(ErrorCode.SMS_NOT_SET_UP);
      const now = clock.now();
      const lastHour = await consumer.recentCodes(db, input.phone, new Date(now.getTime() - 3_600_000));
      const secondsSince = (at: Date) => Math.floor((now.getTime() - at.getTime()) / 1000);
      const newest = lastHour[0];
      const oldest = lastHour.at(-1);
      // The wait until a code may be asked again: the minute gap, or the hour window of the oldest code.
      const wait = Math.max(
        newest ? smsLimits.gapSeconds - secondsSince(newest.createdAt) : 0,
        oldest && lastHour.length >= smsLimits.perHour ? 3_600 - secondsSince(oldest.createdAt) : 0,
      );
      if (wait > 0) throw new AppError(ErrorCode.SMS_TOO_FREQUENT, undefined, { retryAfterSeconds: wait });
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      try {
        await sms.send({ phone: input.phone, code, text: `${place.merchantName}: your code is ${code}` });
      } catch (error) {
        log.warn({ err: error, provider: sms.name }, 'sending an SMS code failed');
        // A provider's refusal (SmsFailed) or any other failure: the consumer hears 10008 either way.
        throw new AppError(ErrorCode.SMS_FAILED);
      }
      await consumer.insertCode(db, {
        merchantId: place.merchantId,
        phone: input.phone,
        codeHash: hashCode(place.merchantId, input.phone, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + smsLimits.lifetimeSeconds * 1000),
      });
      return { retryAfterSeconds: smsLimits.gapSeconds, expiresInSeconds: smsLimits.lifetimeSeconds };
    },

    /** The phone's virtual card, opened on first use; the code is checked (five tries) and used once. */
    async openVirtual(input: {
      placeId: number;
      program: CardProgram;
      phone: string;
      code: string;
      holderName: string;
    }) {
      const { place, settings } = await acceptingPlace({ placeId: input.placeId }, input.program);
      if (!settings.virtualCards) throw new AppError(ErrorCode.VIRTUAL_CARDS_CLOSED);
      const outcome = await db.transaction(async (tx) => {
        const now = clock.now();
        const stored = await consumer.latestCode(tx, place.merchantId, input.phone, now);
        if (!stored || stored.attempts >= smsLimits.attempts) return null;
        const given = Buffer.from(hashCode(place.merchantId, input.phone, input.code));
        const right = timingSafeEqual(given, Buffer.from(stored.codeHash));
        await consumer.countAttempt(tx, stored.id, right ? now : null);
        if (!right) return null;
        const existing = await repo.findVirtualCard(tx, place.merchantId, input.program, input.phone);
        if (existing) return existing.id;
        for (let attempt = 0; attempt < 5; attempt += 1) {
          const id = await repo.insertCard(tx, {
            merchantId: place.merchantId,
            program: input.program,
            number: `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`,
            virtual: true,
            loyaltyType: 'storedValue',
            holderName: input.holderName,
            holderPhone: input.phone,
            status: 'active',
            placeId: place.id,
            createdAt: now,
          });
          if (id !== null) {
            await writeAudit(
              tx,
              { merchantId: place.merchantId, userId: null },
              {
                action: 'card.open',
                entity: 'card',
                entityId: id,
                after: { program: input.program, placeId: place.id },
              },
            );
            return id;
          }
        }
        throw new AppError(ErrorCode.SERVER_ERROR);
      });
      if (outcome === null) throw new AppError(ErrorCode.SMS_CODE_INVALID);
      const card = await repo.findCard(db, place.merchantId, outcome);
      return toConsumerCard(card!);
    },
  };
}
