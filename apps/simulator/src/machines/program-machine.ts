import { ackCodes } from '@sbo/contracts/mqtt';
import type { DeviceCommand } from '@sbo/contracts/mqtt';
import { CycleRunner } from './cycle-runner';
import type { StagePlan, WashStage } from './cycle-runner';
import { fail, ok } from './command-result';
import type { CommandResult, Refusal } from './command-result';
import type { MachineState } from './machine-types';
import { SelfServiceMachine } from './self-service';

const { notInStandby } = ackCodes;

/**
 * A machine that runs programs of stages (laundry, car-wash bay, water station) and answers the
 * cycle commands alike: pause, resume, terminate, skip. Faults pause the running cycle.
 */
export abstract class ProgramMachine extends SelfServiceMachine {
  protected readonly runner = new CycleRunner(this.clock, {
    onStage: (from, to) => this.onStage(from, to),
    onDone: () => this.onDone(),
  });
  protected pausedBy: 'command' | 'fault' | null = null;

  /** What happens once a cycle has ended and the machine shows `done`. */
  protected abstract afterCycle(): void;

  protected get cycleStatus(): MachineState['status'] {
    return 'operating';
  }

  protected remainingSeconds(): number | null {
    return this.runner.remainingSeconds();
  }

  protected runCycle(plan: StagePlan, course: string, faultChance: number): void {
    this.set({ currentCourse: course, extraCoin: 0, status: this.cycleStatus });
    this.runner.start(plan);
    this.maybeFault(
      faultChance,
      plan.reduce((sum, s) => sum + s.seconds, 0),
    );
  }

  private onStage(from: WashStage, to: WashStage): void {
    this.state.stage = to;
    this.emit({ kind: 'stageChanged', from, to, course: this.state.currentCourse });
    this.changed();
  }

  private onDone(): void {
    this.pausedBy = null;
    this.state.status = this.state.errorCode === null ? 'done' : 'stopped';
    this.afterCycle();
    this.changed();
  }

  protected override onFault(): void {
    if (this.runner.active && !this.runner.paused) {
      this.runner.pause();
      this.pausedBy = 'fault';
    }
  }

  protected override onFaultCleared(previous: MachineState['status']): void {
    if (this.runner.active) {
      if (this.pausedBy === 'fault') this.resumeRunner();
      this.state.status = this.runner.paused ? 'stopped' : this.cycleStatus;
      return;
    }
    this.state.status = this.state.stage === 'done' ? 'done' : previous === 'operating' ? 'idle' : previous;
  }

  /** The customer leaves (takes the car, the bottle, the laundry) `simSeconds` after the end. */
  protected releaseAfter(simSeconds: number): () => void {
    return this.clock.after(simSeconds, () => {
      if (this.runner.active || this.state.stage !== 'done') return;
      this.set({ stage: 'none', currentCourse: null });
      if (this.state.status === 'done') this.state.status = 'idle';
      this.changed();
    });
  }

  private resumeRunner(): void {
    this.pausedBy = null;
    this.runner.resume();
  }

  protected handleSpecific(command: DeviceCommand): CommandResult {
    return this.handleCycleCommand(command) ?? this.handleMachineCommand(command);
  }

  /** The commands of this kind of machine (start a course, change a setting), after the cycle commands. */
  protected abstract handleMachineCommand(command: DeviceCommand): CommandResult;

  /** The cycle commands every program machine answers the same way; undefined for other actions. */
  private handleCycleCommand(command: DeviceCommand): CommandResult | undefined {
    const { runner } = this;
    switch (command.action) {
      case 'pauseCycle':
        if (!runner.active || runner.paused) return fail(notInStandby);
        runner.pause();
        this.pausedBy = 'command';
        this.state.status = 'stopped';
        return ok;
      case 'resumeCycle':
        if (this.state.errorCode !== null)
          return fail(ackCodes.internalError, `fault ${this.state.errorCode} is active`);
        if (!runner.active || this.pausedBy !== 'command') return fail(notInStandby);
        this.resumeRunner();
        this.state.status = this.cycleStatus;
        return ok;
      case 'terminateCycle':
        if (!runner.active) return fail(notInStandby);
        runner.terminate();
        return ok;
      case 'skipStage':
        if (!runner.active || runner.paused) return fail(notInStandby);
        runner.skip();
        return ok;
      default:
        return undefined;
    }
  }

  /** Guard shared by remote starts: a fault first (1702002), then anything but standby (1710001). */
  protected startRefusal(): Refusal | null {
    if (this.state.errorCode !== null) return fail(ackCodes.internalError, `fault ${this.state.errorCode} is active`);
    if (this.state.status !== 'idle') return fail(notInStandby);
    return null;
  }
}
