import { CashMachine } from './cash-machine';
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
