import { ackCodes } from '@sbo/contracts/mqtt';
import type { DeviceCommand } from '@sbo/contracts/mqtt';
import type { WashStage } from './cycle-runner';
import {
  coursesOf,
  drumCleanEvery,
  drumCleanPlan,
  dryMinutesPerCoin,
  dryPlan,
  hasDrying,
  hasWashing,
  isCourse,
  maxDryMinutes,
  planFor,
  priceFor,
} from './laundry-programs';
import type { LaundryKind } from './laundry-programs';
import { fail, ok } from './command-result';
import type { CommandResult, PaidStartResult } from './command-result';
import type { MachineSetup, MachineState } from './machine-types';
import { ProgramMachine } from './program-machine';
import { faultsBetween } from './self-service';
import type { Payment } from './self-service';

const { invalidCommand, notInStandby } = ackCodes;
const washing: readonly WashStage[] = ['main', 'rinsing1', 'rinsing2', 'rinsing3'];
const washerFaults = [
  ...faultsBetween(16091030, 16091034),
  ...faultsBetween(16091050, 16091065),
  ...faultsBetween(16091082, 16091089),
];
const dryerFaults = [...faultsBetween(16091010, 16091019), ...faultsBetween(16091066, 16091081)];
const controllerFaults = [...faultsBetween(16091006, 16091009), ...faultsBetween(16091020, 16091029), 16091035];

/** Washers, dryers and washer-dryers on AB3, AB2 and AY controllers, with door, drying and drum cleaning. */
export class LaundryMachine extends ProgramMachine {
  protected readonly customerGapSeconds = 25 * 60;
  private drumCleaning = false;
  private lastCycleDried = false;
  private cancelCollection: (() => void) | null = null;

  constructor(setup: MachineSetup & { kind: LaundryKind }) {
    super(setup);
    if (hasWashing(this.kind)) this.state.cyclesSinceDrumClean = 0;
  }

  private get kind(): LaundryKind {
    return this.setup.kind as LaundryKind;
  }

  protected override get cycleStatus(): MachineState['status'] {
    return this.drumCleaning ? 'drumCleaning' : 'operating';
  }

  protected faultCodes(): readonly number[] {
    const kind = this.kind;
    return [...(hasWashing(kind) ? washerFaults : []), ...(hasDrying(kind) ? dryerFaults : []), ...controllerFaults];
  }

  protected async serveCustomer(): Promise<void> {
    const { random } = this;
    this.set({ doorOpen: true });
    this.changed();
    await this.clock.sleep(random.int(30, 90));
    this.set({ doorOpen: false });
    this.changed();
    if (!this.available) return;
    const course = random.weighted(coursesOf(this.kind, this.setup.model));
    const dryTemp =
      course === 'delicate'
        ? 1
        : random.weighted([
            [1, 20],
            [2, 50],
            [3, 30],
          ] as const);
    const dryMinutes = this.defaultDryMinutes(random.int(3, 6));
    const payment = await this.collect(this.priceOf(course, dryMinutes));
    if (!payment || !this.available) return;
    this.sell(course, dryTemp, dryMinutes, payment);
    this.startCycle(course, dryTemp, dryMinutes);
    if (this.kind === 'dryer' && random.chance(0.2)) {
      this.clock.after(random.int(5, dryMinutes - 2) * 60, () => this.topUpDrying());
    }
  }

  private defaultDryMinutes(coins: number): number {
    return this.kind === 'dryer' ? coins * dryMinutesPerCoin : this.kind === 'washerDryer' ? 40 : 0;
  }

  private priceOf(course: string, dryMinutes: number): number {
    return priceFor(this.kind, this.setup.model, course, dryMinutes, this.setup.currency.coin, this.prices);
  }

  private sell(course: string, dryTemp: MachineState['dryTemp'], dryMinutes: number, payment: Payment): void {
    const drying = hasDrying(this.kind) ? { dryTemp, dryTime: dryMinutes } : {};
    this.emit({ kind: 'sale', amount: this.priceOf(course, dryMinutes), ...payment, course, ...drying });
  }

  /** A dryer customer comes back and feeds one more coin for more minutes. */
  private topUpDrying(): void {
    if (this.runner.stage !== 'dry' || this.state.errorCode !== null || this.runner.paused) return;
    const coin = this.setup.currency.coin;
    this.insertCashCoin();
    this.state.currentCoin -= coin;
    this.state.extraCoin += coin;
    this.state.cumulativeAmount += coin;
    this.runner.extendCurrent(dryMinutesPerCoin * 60);
    this.emit({
      kind: 'sale',
      amount: coin,
      payGateway: 'offline',
      addDry: dryMinutesPerCoin,
      dryTemp: this.state.dryTemp,
    });
    this.changed();
  }

  private startCycle(course: string, dryTemp: MachineState['dryTemp'], dryMinutes: number): void {
    this.cancelCollection?.();
    this.set({ doorLocked: true, doorOpen: false, dryTemp: hasDrying(this.kind) ? dryTemp : 0 });
    if (this.state.cyclesSinceDrumClean !== undefined) this.state.cyclesSinceDrumClean += 1;
    this.lastCycleDried = hasDrying(this.kind);
    this.runCycle(planFor(this.kind, this.setup.model, course, dryMinutes), course, 0.04);
  }

  protected afterCycle(): void {
    this.set({ doorLocked: false });
    if (this.drumCleaning) {
      this.drumCleaning = false;
      this.set({ status: 'idle', stage: 'none', currentCourse: null, cyclesSinceDrumClean: 0 });
      this.emit({ kind: 'reset', what: 'drumClean' });
      return;
    }
    // The customer comes back for the laundry some minutes after the end, opens the door and takes it.
    this.cancelCollection = this.releaseAfter(this.setup.collectAfterSeconds ?? this.random.exponential(600) + 60);
  }

  protected override async operatorVisit(): Promise<void> {
    await super.operatorVisit();
    const due = (this.state.cyclesSinceDrumClean ?? 0) >= drumCleanEvery;
    if (due && this.available) this.startDrumClean();
  }

  private startDrumClean(): void {
    this.drumCleaning = true;
    this.set({ doorLocked: true, doorOpen: false });
    this.runCycle(drumCleanPlan, 'drumClean', 0);
  }

  protected handleMachineCommand(command: DeviceCommand): CommandResult {
    const { state, runner } = this;
    switch (command.action) {
      case 'startCycle':
        return this.remoteStart(command.params.course, command.params.dryTemp);
      case 'changeTemperature': {
        const beforeCooling = runner.active && !this.drumCleaning && runner.stage !== 'cool';
        if (state.status !== 'idle' && !beforeCooling) return fail(notInStandby);
        state.dryTemp = command.params.dryTemp;
        return ok;
      }
      case 'changeCourse':
        return this.changeCourse(command.params.course);
      case 'extendDrying':
        return this.extendDrying(command.params.minutes);
      case 'startDrumClean': {
        const refusal = this.startRefusal();
        if (refusal) return refusal;
        this.startDrumClean();
        return ok;
      }
      case 'resetDrumClean':
        state.cyclesSinceDrumClean = 0;
        this.emit({ kind: 'reset', what: 'drumClean' });
        return ok;
      case 'removeBubbles':
        // An anti-foam rinse: the current washing stage runs one minute longer.
        if (state.status !== 'operating' || !washing.includes(runner.stage)) return fail(notInStandby);
        runner.extendCurrent(60);
        return ok;
      default:
        return fail(invalidCommand, `${command.action} does not apply to a ${this.kind}`);
    }
  }

  /** A paid dryer sells minutes: a start for them, or (`extend`) more for the running drying. */
  protected override startPaid(command: Extract<DeviceCommand, { action: 'paidStart' }>): PaidStartResult {
    const { minutes, extend } = command.params;
    if (minutes !== undefined && !hasDrying(this.kind)) return fail(invalidCommand, 'a washer sells no drying minutes');
    if (minutes !== undefined && extend) {
      const extended = this.extendDrying(minutes);
      return extended.ok ? { ok: true, sale: { addDry: minutes, dryTemp: this.state.dryTemp } } : extended;
    }
    // A paid start is a new customer's: a machine still holding the last one's laundry is not free.
    const refusal = this.startRefusal();
    if (refusal) return refusal;
    if (minutes === undefined) return super.startPaid(command);
    const temp = this.prices?.defaultDryTemp ?? (this.state.dryTemp || 2);
    this.startCycle('standard', temp, minutes);
    return { ok: true, sale: { course: 'standard', dryTemp: temp, dryTime: minutes } };
  }

  /**
   * A remote start spends credit already inserted if it covers the price; otherwise it is a free run. A
   * finished cycle with the laundry still in may be run again (the operator's answer to a complaint).
   */
  private remoteStart(requested: string | undefined, dryTemp: MachineState['dryTemp'] | undefined): CommandResult {
    const rerun = this.state.status === 'done' && this.state.stage === 'done' && this.state.errorCode === null;
    const refusal = rerun ? null : this.startRefusal();
    if (refusal) return refusal;
    const course = requested ?? this.state.currentCourse ?? coursesOf(this.kind, this.setup.model)[0]![0];
    if (!isCourse(this.kind, this.setup.model, course)) return fail(invalidCommand, `unknown course ${course}`);
    const temp = dryTemp ?? this.prices?.defaultDryTemp ?? (this.state.dryTemp || 2);
    const dryMinutes = this.defaultDryMinutes(4);
    const price = this.priceOf(course, dryMinutes);
    if (!this.inTestMode && this.state.currentCoin >= price)
      this.sell(course, temp, dryMinutes, this.payFromCredit(price));
    this.startCycle(course, temp, dryMinutes);
    return ok;
  }

  private changeCourse(course: string): CommandResult {
    if (!isCourse(this.kind, this.setup.model, course)) return fail(invalidCommand, `unknown course ${course}`);
    if (this.state.status === 'idle') {
      this.state.currentCourse = course;
      return ok;
    }
    if (!this.runner.active || this.drumCleaning || this.runner.stage !== 'main') return fail(notInStandby);
    const drySeconds = this.runner.upcoming.find((s) => s.stage === 'dry')?.seconds ?? 0;
    this.runner.replaceUpcoming(planFor(this.kind, this.setup.model, course, drySeconds / 60).slice(1));
    this.state.currentCourse = course;
    return ok;
  }

  private extendDrying(minutes: number): CommandResult {
    const { runner, state } = this;
    if (runner.active && runner.stage === 'dry') {
      runner.extendCurrent(Math.min(minutes, maxDryMinutes) * 60);
      return ok;
    }
    if (runner.active && runner.stage === 'cool') {
      runner.replaceUpcoming(dryPlan(this.setup.model, minutes));
      return ok;
    }
    if (state.status === 'done' && this.lastCycleDried && state.stage === 'done') {
      this.cancelCollection?.();
      this.set({ status: 'operating', doorLocked: true });
      runner.start(dryPlan(this.setup.model, minutes));
      return ok;
    }
    return fail(notInStandby);
  }
}
