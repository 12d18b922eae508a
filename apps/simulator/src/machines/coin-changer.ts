import { ackCodes } from '@sbo/contracts/mqtt';
import type { DeviceCommand } from '@sbo/contracts/mqtt';
import { fail } from './command-result';
import type { PaidStartResult } from './command-result';
import { CashMachine } from './cash-machine';
import type { MachineSetup } from './machine-types';
import { faultsBetween } from './self-service';

const faults = [...faultsBetween(1303001, 1303010), ...faultsBetween(1304001, 1304010)];
const cassetteEmpty = 1304005;

/**
 * A coin changer: the smallest note comes back as coins from the hopper; larger notes are broken
 * into smallest notes from the bill dispenser's cassette. Exchanges are not sales.
 */
export class CoinChanger extends CashMachine {
  protected readonly customerGapSeconds = 10 * 60;
  protected readonly calledIn = 'a coin changer';
  private readonly cassetteCapacity = 100;
  private cassette = 60;

  constructor(setup: MachineSetup) {
    super(setup, setup.currency.notes, { capacity: 500, filled: 300 });
  }

  protected faultCodes(): readonly number[] {
    return faults;
  }

  protected async serveCustomer(): Promise<void> {
    const notes = this.setup.currency.notes;
    const note = this.random.weighted(notes.map((n, i) => [n, [70, 20, 10][i] ?? 5] as const));
    await this.clock.sleep(this.random.int(4, 9));
    if (!this.available) return;
    this.billAcceptor!.accept(note);
    this.state.cashBoxAmount += note;
    this.emit({ kind: 'banknoteAccepted', denomination: note, count: 1 });
    this.set({ status: 'operating' });
    this.changed();
    const small = notes[0]!;
    const notesOut = note > small ? Math.min(note / small, this.cassette) : 0;
    if (notesOut > 0) {
      this.cassette -= notesOut;
      this.emit({ kind: 'banknoteDispensed', denomination: small, count: notesOut });
    }
    const coinsDue = note - notesOut * small;
    if (coinsDue > 0) this.payCoins(coinsDue);
    if (note > small && this.cassette === 0) this.raiseFault(cassetteEmpty);
    else this.maybeFault(0.01, 3);
    await this.clock.sleep(this.random.int(3, 6));
    if (this.state.status === 'operating') this.state.status = 'idle';
    this.changed();
  }

  /** Paid tokens: the hopper pays the credit out in coins, or refuses when it cannot (1710002). */
  protected override startPaid(command: Extract<DeviceCommand, { action: 'paidStart' }>): PaidStartResult {
    const { credit } = command.params;
    if (credit === undefined) return fail(ackCodes.invalidCommand, 'a coin changer pays out an amount');
    const dispenser = this.coinDispenser!;
    if (this.state.errorCode !== null) return fail(ackCodes.internalError, `fault ${this.state.errorCode} is active`);
    if (credit % dispenser.coinValue !== 0)
      return fail(ackCodes.invalidCommand, `not whole coins of ${dispenser.coinValue}`);
    if (this.state.status !== 'idle' || !dispenser.canDispense(credit)) return fail(ackCodes.cannotDispense);
    this.payCoins(credit);
    return { ok: true, sale: {} };
  }

  private payCoins(amount: number): void {
    const dispenser = this.coinDispenser!;
    const { expected, actual } = dispenser.dispense(amount);
    this.emit({ kind: 'coinsDispensed', expected, actual, coinValue: dispenser.coinValue, reason: 'exchange' });
    if (actual < expected) this.raiseFault(ackCodes.cannotDispense);
  }

  protected override async operatorVisit(): Promise<void> {
    await super.operatorVisit();
    if (this.cassette < this.cassetteCapacity / 2) {
      this.cassette = this.cassetteCapacity;
      if (this.state.errorCode === cassetteEmpty) this.clearFault();
    }
  }
}
