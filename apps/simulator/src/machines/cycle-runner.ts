import type { washStages } from '@sbo/contracts';
import type { SimClock } from '../clock';

export type WashStage = (typeof washStages)[number];
/** Stages of one cycle with their machine-time durations in seconds. */
export type StagePlan = ReadonlyArray<{ stage: WashStage; seconds: number }>;

type CycleHooks = {
  onStage(from: WashStage, to: WashStage): void;
  onDone(): void;
};

/**
 * Runs a plan of stages against the clock and supports what remote control needs: pause,
 * resume, skip, terminate, extend the current stage and swap the stages still to come.
 */
export class CycleRunner {
  private plan: Array<{ stage: WashStage; seconds: number }> = [];
  private index = -1;
  private endsAt = 0;
  private pausedLeftMs: number | null = null;
  private cancelTimer: (() => void) | null = null;

  constructor(
    private readonly clock: SimClock,
    private readonly hooks: CycleHooks,
  ) {}

  get active(): boolean {
    return this.index >= 0;
  }

  get paused(): boolean {
    return this.pausedLeftMs !== null;
  }

  get stage(): WashStage {
    return this.active ? this.plan[this.index]!.stage : 'none';
  }

  /** Stages still to run after the current one. */
  get upcoming(): StagePlan {
    return this.plan.slice(this.index + 1);
  }

  start(plan: StagePlan): void {
    if (plan.length === 0) throw new Error('a cycle needs at least one stage');
    this.plan = plan.map((s) => ({ ...s }));
    this.index = -1;
    this.pausedLeftMs = null;
    this.advance('none');
  }

  pause(): void {
    if (!this.active || this.paused) return;
    this.pausedLeftMs = Math.max(0, this.endsAt - Date.now());
    this.clearTimer();
  }

  resume(): void {
    if (this.pausedLeftMs === null) return;
    this.schedule(this.pausedLeftMs);
    this.pausedLeftMs = null;
  }

  skip(): void {
    if (!this.active) return;
    this.clearTimer();
    this.pausedLeftMs = null;
    this.advance(this.stage);
  }

  /** Ends the cycle now; the machine reports it as done. */
  terminate(): void {
    if (!this.active) return;
    this.clearTimer();
    this.pausedLeftMs = null;
    this.plan = this.plan.slice(0, this.index + 1);
    this.advance(this.stage);
  }

  extendCurrent(simSeconds: number): void {
    if (!this.active) return;
    if (this.pausedLeftMs !== null) {
      this.pausedLeftMs += this.clock.realMs(simSeconds);
      return;
    }
    this.schedule(this.endsAt - Date.now() + this.clock.realMs(simSeconds));
  }

  replaceUpcoming(stages: StagePlan): void {
    if (!this.active) return;
    this.plan = [...this.plan.slice(0, this.index + 1), ...stages.map((s) => ({ ...s }))];
  }

  /** Wall-clock seconds until the cycle ends, or null when none runs. */
  remainingSeconds(): number | null {
    if (!this.active) return null;
    const current = this.pausedLeftMs ?? Math.max(0, this.endsAt - Date.now());
    const later = this.upcoming.reduce((sum, s) => sum + this.clock.realMs(s.seconds), 0);
    return Math.ceil((current + later) / 1000);
  }

  stop(): void {
    this.clearTimer();
    this.index = -1;
    this.pausedLeftMs = null;
  }

  private advance(from: WashStage): void {
    this.index += 1;
    const next = this.plan[this.index];
    if (!next) {
      this.index = -1;
      this.hooks.onStage(from, 'done');
      this.hooks.onDone();
      return;
    }
    this.schedule(this.clock.realMs(next.seconds));
    this.hooks.onStage(from, next.stage);
  }

  private schedule(ms: number): void {
    this.clearTimer();
    this.endsAt = Date.now() + ms;
    this.cancelTimer = this.clock.afterReal(ms, () => {
      this.cancelTimer = null;
      this.advance(this.stage);
    });
  }

  private clearTimer(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
  }
}
