import { ackCodes, idleMachineState, supportsAction } from '@sbo/contracts/mqtt';
import type { DeviceCommand, ProductPrices } from '@sbo/contracts/mqtt';
import type { SimClock } from '../clock';
import type { Random } from '../random';
import { abControllerConfig } from './ab-config';
import { configureDispenser, dispenseOnCommand } from './cash';
import type { BillAcceptor, CoinDispenser } from './cash';
import { fail, ok } from './command-result';
import type { CommandResult, PaidStartResult } from './command-result';
import type { EventBody, MachineHost, MachineReport, MachineSetup, MachineState } from './machine-types';

/**
 * What every simulated machine shares: its reported state, events, the commands any kind answers
 * the same way, faults and recovery. Kinds add their cycles, customers and specific commands.
 */
export abstract class Machine {
  readonly state: MachineState;
  protected host: MachineHost = {
    emit: () => undefined,
    changed: () => undefined,
    uniqueId: () => '',
    authorizeCard: () => Promise.resolve({ requestId: '', result: '0003' }),
    voidCard: () => undefined,
  };
  protected prices: ProductPrices | null = null;
  protected billAcceptor: BillAcceptor | null = null;
  protected coinDispenser: CoinDispenser | null = null;
  /** Credit given by remote insertCoin; a sale paid from it reports it as `encore`. */
  protected remoteCredit = 0;
  private commandId: string | undefined;
  private statusBeforeFault: MachineState['status'] = 'idle';
  private cancelTestMode: (() => void) | null = null;
  private testModeEndsAt = 0;

  constructor(protected readonly setup: MachineSetup) {
    this.state = {
      ...idleMachineState(setup),
      pricesVersion: null,
      config: abControllerConfig(setup.kind, setup.model, setup.currency),
    };
  }

  protected get clock(): SimClock {
    return this.setup.clock;
  }

  protected get random(): Random {
    return this.setup.random;
  }

  attach(host: MachineHost): void {
    this.host = host;
  }

  /** Starts the machine's own life: customers, faults, operator visits. */
  abstract start(): void;

  stop(): void {
    this.clock.stop();
  }

  report(): MachineReport {
    const testTime = this.cancelTestMode ? Math.max(0, Math.ceil((this.testModeEndsAt - Date.now()) / 1000)) : 0;
    return {
      ...this.state,
      testTime,
      remainingSeconds: this.remainingSeconds(),
      ...(this.billAcceptor ? { billAcceptor: this.billAcceptor.table() } : {}),
      ...(this.coinDispenser ? { coinDispenser: this.coinDispenser.snapshot() } : {}),
    };
  }

  /** Applies a command and says truthfully whether it happened; never throws. Null: no answer at all. */
  handle(command: DeviceCommand): CommandResult | null {
    if (!supportsAction(this.setup.kind, this.setup.model, command.action)) {
      return fail(
        ackCodes.invalidCommand,
        `${command.action} is not supported by ${this.setup.model} ${this.setup.kind}`,
      );
    }
    this.commandId = command.commandId;
    try {
      if (command.action === 'paidStart') return this.paidStart(command);
      return this.handleCommon(command) ?? this.handleSpecific(command);
    } finally {
      this.commandId = undefined;
      this.host.changed();
    }
  }

  protected abstract handleSpecific(command: DeviceCommand): CommandResult;

  /**
   * A start the consumer paid online: does what was bought (a course, a slot or volume, minutes, or
   * credit: `startPaid`), then reports the sale with the order id, gateway and amount. Some are
   * refused or go unanswered (`paidFailureRate`, `paidStartFailure`), so the back office's refunds
   * happen in the demo; a refused one is refused as a machine would: its payment board is faulty
   * (1702001), never "busy" while it stands idle.
   */
  private paidStart(command: Extract<DeviceCommand, { action: 'paidStart' }>): CommandResult | null {
    const { orderId, amount, payGateway } = command.params;
    const roll = this.setup.random.next();
    const failureRate = this.setup.paidFailureRate ?? 0;
    if (this.setup.paidStartFailure === 'refuse') return fail(ackCodes.statusUnavailable, 'payment board fault');
    if (this.setup.paidStartFailure === 'ignore') return null;
    if (roll < failureRate / 2) return fail(ackCodes.statusUnavailable, 'payment board fault');
    if (roll < failureRate) return null;
    const started = this.startPaid(command);
    if (!started.ok) return started;
    this.state.cumulativeAmount += amount;
    this.emit({ kind: 'sale', amount, payGateway, orderId, ...started.sale });
    return ok;
  }

  /** A paid course: started as a remote start would. Kinds that sell otherwise (minutes, slots, credit) add theirs. */
  protected startPaid(command: Extract<DeviceCommand, { action: 'paidStart' }>): PaidStartResult {
    const { course } = command.params;
    if (course === undefined) return fail(ackCodes.invalidCommand, `a ${this.setup.kind} sells by course`);
    const started = this.handleSpecific({ ...command, action: 'startCycle', params: { course } });
    return started.ok ? { ok: true, sale: { course } } : started;
  }

  protected abstract remainingSeconds(): number | null;
  /** Catalogue fault codes this kind of machine can raise. */
  protected abstract faultCodes(): readonly number[];

  /** Called when a fault stops the machine, and when it is cleared; kinds pause and resume cycles. */
  protected onFault(): void {}
  protected onFaultCleared(previous: MachineState['status']): void {
    this.state.status = previous === 'operating' ? 'idle' : previous;
  }

  /** Typed partial update, so a misspelt status is a compile error. */
  protected set(patch: Partial<MachineState>): void {
    Object.assign(this.state, patch);
  }

  protected emit(event: EventBody): void {
    this.host.emit(this.commandId ? { ...event, commandId: this.commandId } : event);
  }

  protected changed(): void {
    this.host.changed();
  }

  protected get inTestMode(): boolean {
    return this.cancelTestMode !== null;
  }

  /** Whether a customer may walk up and use the machine now. */
  protected get available(): boolean {
    return this.state.status === 'idle' && this.state.errorCode === null && !this.inTestMode;
  }

  /** With probability `p` (scaled by the fleet's fault rate) raises a fault at a random moment within `withinSeconds`. */
  protected maybeFault(p: number, withinSeconds: number): void {
    if (this.setup.faults <= 0 || !this.random.chance(Math.min(1, p * this.setup.faults))) return;
    this.clock.after(this.random.next() * withinSeconds, () => this.raiseFault(this.random.pick(this.faultCodes())));
  }

  protected raiseFault(code: number): void {
    if (this.state.errorCode !== null || this.state.status === 'suspend') return;
    this.statusBeforeFault = this.state.status;
    this.state.errorCode = code;
    this.onFault();
    this.state.status = 'stopped';
    this.emit({ kind: 'error', code });
    this.changed();
    // A technician (or the machine retrying) fixes most faults within a quarter of an hour.
    this.clock.after(this.random.exponential(900) + 60, () => {
      if (this.state.errorCode === code) this.clearFault();
    });
  }

  protected clearFault(): void {
    const code = this.state.errorCode;
    if (code === null) return;
    this.state.errorCode = null;
    this.emit({ kind: 'errorCleared', code });
    this.onFaultCleared(this.statusBeforeFault);
    this.changed();
  }

  private handleCommon(command: DeviceCommand): CommandResult | undefined {
    const { state } = this;
    switch (command.action) {
      case 'clearError':
        this.clearFault();
        return ok;
      case 'pauseMachine':
        if (state.status !== 'idle' && state.status !== 'done') return fail(ackCodes.notInStandby);
        state.status = 'suspend';
        return ok;
      case 'resumeMachine':
        if (state.status !== 'suspend') return fail(ackCodes.notInStandby);
        state.status = 'idle';
        return ok;
      case 'insertCoin':
        if (state.errorCode !== null) return fail(ackCodes.internalError);
        // Credit given mid-cycle would silently pay part of the next customer's sale.
        if (['operating', 'stopped', 'drumCleaning'].includes(state.status)) return fail(ackCodes.cycleRunning);
        if (state.status !== 'idle' && state.status !== 'done') return fail(ackCodes.notInStandby);
        state.currentCoin += command.params.amount;
        this.remoteCredit += command.params.amount;
        return ok;
      case 'resetPaidAmount':
        state.currentCoin = 0;
        state.extraCoin = 0;
        this.remoteCredit = 0;
        this.emit({ kind: 'reset', what: 'paidAmount' });
        return ok;
      case 'rebootTablet':
        this.emit({ kind: 'reset', what: 'tablet' });
        return ok;
      case 'setPrices':
        this.prices = command.params.prices;
        state.pricesVersion = command.params.prices.version;
        return ok;
      case 'setConfig':
        state.config = { ...state.config, ...command.params.config };
        return ok;
      case 'setTestMode':
        this.setTestMode(command.params.testTime);
        return ok;
      case 'dispenseCoins': {
        const free = this.state.status === 'idle' && this.state.errorCode === null;
        return dispenseOnCommand(this.coinDispenser, free, command.params.amount, (e) => this.emit(e));
      }
      case 'setCoinDispenser': {
        const { remainingAmount, totalAmount } = command.params;
        return configureDispenser(this.coinDispenser, remainingAmount, totalAmount, (e) => this.emit(e));
      }
      case 'collectCashBox':
        // The collector emptied the box: what the machine counted since the last collection starts over.
        state.cashBoxAmount = 0;
        state.coinCount = 0;
        this.emit({ kind: 'reset', what: 'cashBox' });
        return ok;
      case 'resetBanknotes':
        if (!this.billAcceptor) return fail(ackCodes.invalidCommand, 'no bill acceptor');
        this.billAcceptor.reset();
        this.emit({ kind: 'reset', what: 'banknotes' });
        return ok;
      default:
        return undefined;
    }
  }

  /** Test time is wall-clock seconds: the operator who turns it on waits in real time. */
  private setTestMode(testTime: number): void {
    this.cancelTestMode?.();
    this.cancelTestMode = null;
    if (testTime === 0) return;
    this.testModeEndsAt = Date.now() + testTime * 1000;
    this.cancelTestMode = this.clock.afterReal(testTime * 1000, () => {
      this.cancelTestMode = null;
      this.changed();
    });
  }
}
