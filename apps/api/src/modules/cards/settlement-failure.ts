import type { Executor } from '../../db/client';
import * as desk from './desk-repository';
import { findCard, findCardByNumber } from './repository';
import { splitSpend } from './rules';
import { settingsOf } from './settings';

/**
 * The catalogue's settlement failures (spec section 8, 1001-1003): a card charge draws stored value
 * (the card) and points (the e-voucher), points first. 1001 the card alone, 1002 the e-voucher alone,
 * 1003 both.
 */
export const settlementFailureCodes = { card: 1001, eVoucher: 1002, both: 1003 } as const;
export type SettlementFailureCode = (typeof settlementFailureCodes)[keyof typeof settlementFailureCodes];

export function settlementFailureCode(
  split: { balanceUsed: number; pointsUsed: number } | null,
): SettlementFailureCode {
  if (split && split.pointsUsed > 0) return split.balanceUsed > 0 ? 1003 : 1002;
  return 1001;
}

/** A card request the desk could not settle: an `authorize` (its card and price) or a `void`. */
export type FailedCardRequest =
  | { kind: 'authorize'; hwid: string; requestId: string; card?: string; amount?: number }
  | { kind: 'void'; hwid: string; requestId: string };

/**
 * What a failed card request would have settled, read when its alert is raised (the database is
 * back by then): a void, what its approval took; a charge, how the card would have paid it now.
 * Nothing known (no machine, no card): the card's 1001.
 */
export async function codeOfFailedCardRequest(
  db: Executor,
  request: FailedCardRequest,
): Promise<SettlementFailureCode> {
  const machine = await desk.findMachine(db, request.hwid);
  if (!machine) return settlementFailureCodes.card;
  const stored = await desk.findAuthorization(db, machine.deviceId, request.requestId);
  if (stored?.orderId) return settlementFailureCode(stored);
  if (request.kind !== 'authorize' || !request.card || !request.amount) return settlementFailureCodes.card;
  const found = await findCardByNumber(db, machine.merchantId, request.card);
  const card = found ? await findCard(db, machine.merchantId, found.id) : null;
  if (!card) return settlementFailureCodes.card;
  const settings = await settingsOf(db, machine.merchantId, card.program);
  return settlementFailureCode(splitSpend(card, settings.pointsRule, request.amount));
}
