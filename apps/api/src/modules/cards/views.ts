import type { Card, CardEntry } from '@sbo/contracts';
import type { EntryRow } from './entry-repository';
import type { CardRow } from './repository';

/** A phone as staff and consumers see it: all but its last three digits hidden. */
const maskPhone = (phone: string | null): string | null =>
  phone === null ? null : `${phone.slice(0, 1)}${'•'.repeat(Math.max(0, phone.length - 4))}${phone.slice(-3)}`;

/** A card number on a consumer's screen: its last four digits. */
export const maskCardNumber = (number: string): string =>
  `${'•'.repeat(Math.max(0, number.length - 4))}${number.slice(-4)}`;

export const toCard = (row: CardRow): Card => ({
  id: row.id,
  number: row.number,
  program: row.program,
  virtual: row.virtual,
  loyaltyType: row.loyaltyType,
  holderName: row.holderName,
  holderPhone: maskPhone(row.holderPhone),
  status: row.status,
  currency: row.currency,
  deposit: row.deposit,
  reward: row.reward,
  spent: row.spent,
  balance: row.balance,
  point: row.point,
  place: row.placeId === null ? null : { id: row.placeId, name: row.placeTitle ?? '' },
  createdAt: row.createdAt.toISOString(),
  lastTradeAt: row.lastTradeAt?.toISOString() ?? null,
});

export const toEntry = (row: EntryRow, currency: string): CardEntry => ({
  id: row.id,
  card: { id: row.cardId, number: row.cardNumber, program: row.program, holderName: row.holderName },
  kind: row.kind,
  balanceChange: row.balanceChange,
  pointChange: row.pointChange,
  balanceAfter: row.balanceAfter,
  pointAfter: row.pointAfter,
  currency,
  place: row.placeId === null ? null : { id: row.placeId, name: row.placeTitle ?? '' },
  device: row.deviceId === null ? null : { id: row.deviceId, name: row.deviceName ?? '' },
  transactionId: row.transactionId,
  reason: row.reason,
  actor: row.actorName,
  createdAt: row.createdAt.toISOString(),
});
