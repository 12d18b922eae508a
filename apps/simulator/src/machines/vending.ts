import { ackCodes } from '@sbo/contracts/mqtt';
import type { DeviceCommand } from '@sbo/contracts/mqtt';
import { BillAcceptor, CoinDispenser } from './cash';
import { fail } from './command-result';
import type { CommandResult } from './command-result';
import type { MachineSetup } from './machine';
import { faultsBetween, SelfServiceMachine } from './self-service';

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
export class VendingMachine extends SelfServiceMachine {
  protected readonly customerGapSeconds = 15 * 60;

  constructor(setup: MachineSetup) {
    super(setup);
    const coin = setup.currency.coin;
    this.billAcceptor = new BillAcceptor(setup.currency.notes.slice(0, 2));
    this.coinDispenser = new CoinDispenser(coin, 200 * coin, 120 * coin);
  }

  protected faultCodes(): readonly number[] {
    return faults;
  }

  protected remainingSeconds(): number | null {
    return null;
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

  protected handleSpecific(command: DeviceCommand): CommandResult {
    return fail(ackCodes.invalidCommand, `${command.action} does not apply to a vending machine`);
  }
}
