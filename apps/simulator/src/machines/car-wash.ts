import { ackCodes } from '@sbo/contracts/mqtt';
import type { DeviceCommand } from '@sbo/contracts/mqtt';
import { BillAcceptor } from './cash';
import type { StagePlan } from './cycle-runner';
import { fail, ok } from './command-result';
import type { CommandResult, PaidStartResult } from './command-result';
import type { MachineSetup } from './machine-types';
import { ProgramMachine } from './program-machine';
import { faultsBetween } from './self-service';

/** Bay programs in minutes: foam and brush (main), rinse, wax (second rinse), air blow (dry). */
// prettier-ignore
const programs: Record<string, { coins: number; weight: number; plan: StagePlan }> = {
  basic: { coins: 5, weight: 50, plan: minutes([['main', 4], ['rinsing1', 3]]) },
  deluxe: { coins: 8, weight: 35, plan: minutes([['main', 5], ['rinsing1', 3], ['rinsing2', 2]]) },
  premium: { coins: 10, weight: 15, plan: minutes([['main', 5], ['rinsing1', 3], ['rinsing2', 2], ['dry', 3]]) },
};
const faults = [
  ...faultsBetween(1303001, 1303010),
  ...faultsBetween(16091020, 16091029),
  ...faultsBetween(16091035, 16091049),
];

/** A self-service car-wash bay: drive in, pick a program, pay by coin, note or gateway, drive out. */
export class CarWashBay extends ProgramMachine {
  protected readonly customerGapSeconds = 20 * 60;

  constructor(setup: MachineSetup) {
    super(setup);
    this.billAcceptor = new BillAcceptor(setup.currency.notes);
  }

  protected faultCodes(): readonly number[] {
    return faults;
  }

  private priceOf(program: string): number {
    const fromTemplate = this.prices?.courses?.find((c) => c.course === program)?.price ?? this.prices?.price;
    return fromTemplate ?? programs[program]!.coins * this.setup.currency.coin;
  }

  protected async serveCustomer(): Promise<void> {
    await this.clock.sleep(this.random.int(60, 120));
    if (!this.available) return;
    const program = this.random.weighted(Object.entries(programs).map(([code, p]) => [code, p.weight] as const));
    const payment = await this.collect(this.priceOf(program));
    if (!payment || !this.available) return;
    this.emit({ kind: 'sale', amount: this.priceOf(program), ...payment, course: program });
    this.runCycle(programs[program]!.plan, program, 0.03);
  }

  /**
   * A paid credit runs the bay for the time it buys (a minute a coin, the way a coin-op bay's timer
   * counts), paid minutes for those minutes; a paid program starts it as a remote start would.
   */
  protected override startPaid(command: Extract<DeviceCommand, { action: 'paidStart' }>): PaidStartResult {
    const { credit, minutes: paidMinutes } = command.params;
    if (credit === undefined && paidMinutes === undefined) return super.startPaid(command);
    const refusal = this.startRefusal();
    if (refusal) return refusal;
    const coin = this.prices?.pulse ?? this.setup.currency.coin;
    const minutes = paidMinutes ?? Math.max(1, Math.floor((credit ?? 0) / coin));
    this.runCycle([{ stage: 'main', seconds: minutes * 60 }], 'timed', 0.03);
    return { ok: true, sale: { quantity: minutes, unit: 'MIN' } };
  }

  protected afterCycle(): void {
    this.releaseAfter(this.random.int(60, 180));
  }

  protected handleMachineCommand(command: DeviceCommand): CommandResult {
    switch (command.action) {
      case 'startCycle': {
        const refusal = this.startRefusal();
        if (refusal) return refusal;
        const program = command.params.course ?? this.state.currentCourse ?? 'basic';
        if (!programs[program]) return fail(ackCodes.invalidCommand, `unknown program ${program}`);
        const price = this.priceOf(program);
        if (!this.inTestMode && this.state.currentCoin >= price) {
          this.emit({ kind: 'sale', amount: price, ...this.payFromCredit(price), course: program });
        }
        this.runCycle(programs[program]!.plan, program, 0.03);
        return ok;
      }
      case 'changeCourse': {
        const program = programs[command.params.course];
        if (!program) return fail(ackCodes.invalidCommand, `unknown program ${command.params.course}`);
        if (this.state.status === 'idle') this.state.currentCourse = command.params.course;
        else if (this.runner.active && this.runner.stage === 'main') {
          this.runner.replaceUpcoming(program.plan.slice(1));
          this.state.currentCourse = command.params.course;
        } else return fail(ackCodes.notInStandby);
        return ok;
      }
      default:
        return fail(ackCodes.invalidCommand, `${command.action} does not apply to a car-wash bay`);
    }
  }
}

function minutes(stages: ReadonlyArray<readonly [StagePlan[number]['stage'], number]>): StagePlan {
  return stages.map(([stage, m]) => ({ stage, seconds: m * 60 }));
}
