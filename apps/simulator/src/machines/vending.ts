import { ackCodes } from '@sbo/contracts/mqtt';
import type { DeviceCommand } from '@sbo/contracts/mqtt';
import { CashMachine } from './cash-machine';
import { fail } from './command-result';
import type { PaidStartResult } from './command-result';
import type { MachineSetup } from './machine-types';
import { faultsBetween } from './self-service';

/** Slots and their built-in prices in coins. */
const slots = [
  ['A1', 2],
  ['A2', 2],
  ['A3', 3],
  ['B1', 3],
  ['B2', 4],
  ['B3', 5],
] as const;
const faults = [...faultsBetween(1303001, 1303010), 1702001];

/** A vending machine: pick a slot, pay (notes get change from the hopper), the product drops. */
export class VendingMachine extends CashMachine {
  protected readonly customerGapSeconds = 15 * 60;
  protected readonly calledIn = 'a vending machine';

  constructor(setup: MachineSetup) {
    super(setup, setup.currency.notes.slice(0, 2), { capacity: 200, filled: 120 });
  }

  protected faultCodes(): readonly number[] {
    return faults;
  }

  private priceOf(slot: string, coins: number): number {
    return (
      this.prices?.selections?.find((s) => s.selection === slot)?.price ??
      this.prices?.price ??
      coins * this.setup.currency.coin
    );
  }

  /** A paid slot drops its product; paid credit waits on the machine for the customer's choice there. */
  protected override startPaid(command: Extract<DeviceCommand, { action: 'paidStart' }>): PaidStartResult {
    const { selection, credit } = command.params;
    if (this.state.errorCode !== null) return fail(ackCodes.internalError, `fault ${this.state.errorCode} is active`);
    if (this.state.status !== 'idle') return fail(ackCodes.notInStandby);
    if (credit !== undefined) {
      // Paid online and reported now: spending it at the machine later is remote credit (`encore`), not a second sale.
      this.state.currentCoin += credit;
      this.remoteCredit += credit;
      return { ok: true, sale: {} };
    }
    const slot = selection ?? command.params.course;
    if (slot === undefined || !this.sells(slot)) return fail(ackCodes.invalidCommand, `no slot ${slot ?? ''}`);
    void this.vend(slot);
    return { ok: true, sale: { selection: slot } };
  }

  private sells(slot: string): boolean {
    const priced = [
      ...(this.prices?.selections ?? []).map((s) => s.selection),
      ...(this.prices?.courses ?? []).map((c) => c.course),
    ];
    return priced.includes(slot) || slots.some(([code]) => code === slot);
  }

  /** The product drops: the machine is busy for a few seconds. */
  private async vend(slot: string): Promise<void> {
    this.set({ status: 'operating', currentCourse: slot });
    this.changed();
    await this.clock.sleep(this.random.int(4, 8));
    if (this.state.status === 'operating') this.set({ status: 'idle', currentCourse: null });
    this.changed();
  }

  protected async serveCustomer(): Promise<void> {
    const [slot, coins] = this.random.pick(slots);
    const price = this.priceOf(slot, coins);
    const payment = await this.collect(price);
    if (!payment || !this.available) return;
    this.emit({ kind: 'sale', amount: price, ...payment, selection: slot });
    this.set({ status: 'operating', currentCourse: slot });
    this.changed();
    this.maybeFault(0.02, 5);
    await this.clock.sleep(this.random.int(4, 8));
    if (this.state.status === 'operating') this.set({ status: 'idle', currentCourse: null });
    this.changed();
  }
}
