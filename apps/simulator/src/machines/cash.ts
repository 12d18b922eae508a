import type { z } from 'zod';
import { ackCodes } from '@sbo/contracts/mqtt';
import type { billAcceptorRow, coinDispenserState } from '@sbo/contracts/mqtt';
import { fail, ok } from './command-result';
import type { CommandResult } from './command-result';
import type { EventBody } from './machine-types';

type BillAcceptorRow = z.infer<typeof billAcceptorRow>;
type CoinDispenserState = z.infer<typeof coinDispenserState>;

/** The note stacker: counts per denomination since the last banknote reset, and over its life. */
export class BillAcceptor {
  private readonly rows = new Map<number, { count: number; usage: number }>();

  constructor(readonly denominations: readonly number[]) {
    for (const d of denominations) this.rows.set(d, { count: 0, usage: 0 });
  }

  accept(denomination: number): void {
    const row = this.rows.get(denomination);
    if (!row) throw new Error(`the acceptor does not take ${denomination}`);
    row.count += 1;
    row.usage += 1;
  }

  /** Banknote reset after the stacker is emptied; lifetime usage stays. */
  reset(): void {
    for (const row of this.rows.values()) row.count = 0;
  }

  table(): BillAcceptorRow[] {
    const held = [...this.rows].reduce((sum, [d, r]) => sum + d * r.count, 0);
    return [...this.rows].map(([denomination, { count, usage }]) => ({
      denomination,
      count,
      amount: denomination * count,
      usage,
      ratio: held === 0 ? 0 : Math.round(((denomination * count) / held) * 10_000) / 10_000,
    }));
  }
}

/** A coin hopper holding one coin value; it can run short, so `actual` may be below `expected`. */
export class CoinDispenser {
  constructor(
    readonly coinValue: number,
    public totalAmount: number,
    public remainingAmount: number,
  ) {}

  canDispense(amount: number): boolean {
    return amount % this.coinValue === 0 && amount <= this.remainingAmount;
  }

  /** Pays out up to `amount`; returns coin counts. */
  dispense(amount: number): { expected: number; actual: number } {
    const expected = Math.floor(amount / this.coinValue);
    const actual = Math.min(expected, Math.floor(this.remainingAmount / this.coinValue));
    this.remainingAmount -= actual * this.coinValue;
    return { expected, actual };
  }

  get low(): boolean {
    return this.remainingAmount < this.totalAmount * 0.2;
  }

  snapshot(): CoinDispenserState {
    return { remainingAmount: this.remainingAmount, totalAmount: this.totalAmount, coinValue: this.coinValue };
  }
}

type Emit = (event: EventBody) => void;

/** Remote `dispenseCoins`: whole coins only (400), and only from a free machine with enough coins (1710002). */
export const dispenseOnCommand = (
  dispenser: CoinDispenser | null,
  machineFree: boolean,
  amount: number,
  emit: Emit,
) => {
  if (!dispenser) return fail(ackCodes.invalidCommand, 'no coin dispenser');
  if (amount % dispenser.coinValue !== 0)
    return fail(ackCodes.invalidCommand, `not a multiple of ${dispenser.coinValue}`);
  if (!machineFree || !dispenser.canDispense(amount)) return fail(ackCodes.cannotDispense);
  const { expected, actual } = dispenser.dispense(amount);
  emit({ kind: 'coinsDispensed', expected, actual, coinValue: dispenser.coinValue, reason: 'remote' });
  return ok;
};

/** The back office's refill (`remainingAmount`) and capacity (`totalAmount`) settings; a refill is reported. */
export const configureDispenser = (
  dispenser: CoinDispenser | null,
  remainingAmount: number | undefined,
  totalAmount: number | undefined,
  emit: Emit,
): CommandResult => {
  if (!dispenser) return fail(ackCodes.invalidCommand, 'no coin dispenser');
  const total = totalAmount ?? dispenser.totalAmount;
  const remaining = remainingAmount ?? Math.min(dispenser.remainingAmount, total);
  if (remaining > total || remaining % dispenser.coinValue !== 0) {
    return fail(ackCodes.invalidCommand, 'remainingAmount must be whole coins and at most totalAmount');
  }
  const added = Math.max(0, remaining - dispenser.remainingAmount);
  dispenser.totalAmount = total;
  dispenser.remainingAmount = remaining;
  if (remainingAmount !== undefined)
    emit({ kind: 'refill', amount: added, remainingAmount: remaining, totalAmount: total });
  return ok;
};
