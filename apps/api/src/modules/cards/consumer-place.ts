import { ErrorCode, type CardProgram, type ConsumerCard } from '@sbo/contracts';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as consumer from './consumer-repository';
import type * as repo from './repository';
import { settingsOf } from './settings';

/** The place a consumer pays at, and the merchant's card settings, if the place accepts the card (else 1103xxx). */
export async function acceptingPlaceOf(db: Executor, query: { placeId?: number; hwid?: string }, program: CardProgram) {
  const place = await consumer.findPlace(db, query);
  if (!place) throw new AppError(ErrorCode.PLACE_NOT_FOUND);
  const settings = await settingsOf(db, place.merchantId, program);
  if (!settings.placeIds.includes(place.id)) throw new AppError(ErrorCode.CARD_NOT_ACCEPTED_HERE);
  return { place, settings };
}

/** What a consumer sees of a card. */
export function toConsumerCard(card: repo.CardRow): ConsumerCard {
  const { number, program, status, loyaltyType, balance, point, currency } = card;
  return { number, program, status, loyaltyType, balance, point, currency };
}
