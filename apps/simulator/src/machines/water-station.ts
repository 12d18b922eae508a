import { ackCodes } from '@sbo/contracts/mqtt';
import type { DeviceCommand } from '@sbo/contracts/mqtt';
import { fail, ok } from './command-result';
import type { CommandResult, PaidStartResult } from './command-result';
import { ProgramMachine } from './program-machine';
import { faultsBetween } from './self-service';
import type { Payment } from './self-service';

const secondsPerLitre = 6;
const volumes = [
  [5, 50],
  [10, 30],
  [20, 20],
] as const;
const faults = [
  ...faultsBetween(16091082, 16091089),
  ...faultsBetween(16091020, 16091029),
  ...faultsBetween(16091050, 16091057),
];
const parseLitres = (selection: string): number | null => {
  const litres = Number(/^(\d{1,2})L$/.exec(selection)?.[1]);
  return litres >= 1 && litres <= 40 ? litres : null;
};

/** A purified-water station: the customer places a bottle, pays per litre, and it fills. */
export class WaterStation extends ProgramMachine {
  protected readonly customerGapSeconds = 12 * 60;

  protected faultCodes(): readonly number[] {
    return faults;
  }

  /** Unit price per litre from the template; built in, one coin buys five litres. */
  private priceOf(litres: number): number {
    const perLitre = this.prices?.unitPrice;
    return perLitre ? perLitre * litres : Math.ceil(litres / 5) * this.setup.currency.coin;
  }

  protected async serveCustomer(): Promise<void> {
    await this.clock.sleep(this.random.int(20, 40));
    if (!this.available) return;
    const litres = this.random.weighted(volumes);
    const payment = await this.collect(this.priceOf(litres));
    if (!payment || !this.available) return;
    this.sell(litres, payment);
    this.fill(litres);
  }

  private sell(litres: number, payment: Payment): void {
    const selection = `${litres}L`;
    this.emit({ kind: 'sale', amount: this.priceOf(litres), ...payment, selection, quantity: litres, unit: 'L' });
  }

  private fill(litres: number): void {
    this.runCycle([{ stage: 'main', seconds: litres * secondsPerLitre }], `${litres}L`, 0.01);
  }

  /** A paid volume (`selection` such as `10L`, or a course of one) fills as a remote start would. */
  protected override startPaid(command: Extract<DeviceCommand, { action: 'paidStart' }>): PaidStartResult {
    const volume = command.params.selection ?? command.params.course;
    if (volume === undefined) return fail(ackCodes.invalidCommand, 'a water station sells volumes');
    const litres = parseLitres(volume);
    if (litres === null) return fail(ackCodes.invalidCommand, 'selection must be a volume such as 10L');
    const refusal = this.startRefusal();
    if (refusal) return refusal;
    this.fill(litres);
    return { ok: true, sale: { selection: `${litres}L`, quantity: litres, unit: 'L' } };
  }

  protected afterCycle(): void {
    this.releaseAfter(this.random.int(10, 30));
  }

  protected handleMachineCommand(command: DeviceCommand): CommandResult {
    if (command.action !== 'startCycle') {
      return fail(ackCodes.invalidCommand, `${command.action} does not apply to a water station`);
    }
    const refusal = this.startRefusal();
    if (refusal) return refusal;
    const litres = parseLitres(command.params.course ?? '5L');
    if (litres === null) return fail(ackCodes.invalidCommand, 'course must be a volume such as 10L');
    const price = this.priceOf(litres);
    if (!this.inTestMode && this.state.currentCoin >= price) this.sell(litres, this.payFromCredit(price));
    this.fill(litres);
    return ok;
  }
}
