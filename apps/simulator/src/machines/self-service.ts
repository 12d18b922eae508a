import { CardReader } from '@sbo/contracts';
import type { PaymentGateway } from '@sbo/contracts';
import { ackCodes, deviceFaultCodes } from '@sbo/contracts/mqtt';
import { Machine } from './machine';

export type Payment = { payGateway: PaymentGateway; orderId?: string; encore?: number };

const cannotDispense = ackCodes.cannotDispense;
const day = 86_400;

/**
 * A machine customers walk up to: they arrive at random, pay with coins, notes or a payment
 * gateway, and an operator comes by now and then to empty the cash box and refill the hopper.
 */
export abstract class SelfServiceMachine extends Machine {
  /** Mean machine-time seconds between customers while the machine is free. */
  protected abstract readonly customerGapSeconds: number;
  protected abstract serveCustomer(): Promise<void>;
  private visitPending = false;

  start(): void {
    if (this.setup.customers > 0) void this.customerLoop();
    this.scheduleVisit(this.random.exponential(day));
  }

  private async customerLoop(): Promise<void> {
    for (;;) {
      await this.clock.sleep(this.random.exponential(this.customerGapSeconds / this.setup.customers));
      if (!this.available) continue;
      try {
        await this.serveCustomer();
      } catch (error) {
        console.error(`[simulator] ${this.setup.kind} customer flow failed`, error);
      }
    }
  }

  /**
   * Takes `price` from credit already inserted, else from a member card (at a machine with a card
   * reader, `cardShare` of the time), coins, notes or a gateway; null if the customer gave up or the
   * card was refused.
   */
  protected async collect(price: number): Promise<Payment | null> {
    const cards = this.setup.cardReader?.cards ?? [];
    if (this.state.currentCoin < price && cards.length > 0 && this.random.chance(this.setup.cardShare ?? 0)) {
      return this.payByCard(this.random.pick(cards), price);
    }
    if (this.state.currentCoin < price) {
      const method = this.random.weighted([
        ['coins', 55],
        ['notes', this.billAcceptor ? 12 : 0],
        ['gateway', 33],
      ] as const);
      if (method === 'gateway') return this.payByGateway(price);
      const paid = method === 'notes' ? await this.insertNotes(price) : await this.insertCoins(price);
      if (!paid) return null;
    }
    return this.payFromCredit(price);
  }

  /** A customer keeps paying only while the machine is still free for them. */
  protected get customerMayPay(): boolean {
    return this.available;
  }

  protected insertCashCoin(): void {
    const coin = this.setup.currency.coin;
    this.state.currentCoin += coin;
    this.state.coinCount += 1;
    this.state.cashBoxAmount += coin;
    this.emit({ kind: 'coinInserted', amount: coin, count: 1 });
    this.changed();
  }

  private async insertCoins(price: number): Promise<boolean> {
    while (this.state.currentCoin < price) {
      await this.clock.sleep(this.random.int(2, 5));
      if (!this.customerMayPay) return false;
      this.insertCashCoin();
    }
    return true;
  }

  private async insertNotes(price: number): Promise<boolean> {
    const acceptor = this.billAcceptor;
    if (!acceptor) return this.insertCoins(price);
    while (this.state.currentCoin < price) {
      await this.clock.sleep(this.random.int(4, 9));
      if (!this.customerMayPay) return false;
      const due = price - this.state.currentCoin;
      const note = acceptor.denominations.find((d) => d >= due) ?? acceptor.denominations.at(-1)!;
      acceptor.accept(note);
      this.state.currentCoin += note;
      this.state.cashBoxAmount += note;
      this.emit({ kind: 'banknoteAccepted', denomination: note, count: 1 });
      this.changed();
    }
    return true;
  }

  private async payByGateway(price: number): Promise<Payment | null> {
    await this.clock.sleep(this.random.int(15, 40));
    if (!this.customerMayPay) return null;
    this.state.cumulativeAmount += price;
    return { payGateway: this.random.pick(this.setup.currency.gateways), orderId: this.host.uniqueId() };
  }

  /**
   * The customer taps a card: the server approves (0000, with the order id and gateway the sale is
   * reported with) or refuses it (the machine does not vend); no answer in time and the reader shows
   * 0003 and voids the request. An approval the machine can no longer use is voided too.
   */
  private async payByCard(card: string, price: number): Promise<Payment | null> {
    await this.clock.sleep(this.random.int(3, 10));
    if (!this.customerMayPay) return null;
    const outcome = await this.host.authorizeCard(card, price);
    if (outcome.result !== CardReader.approved || !outcome.orderId || !outcome.payGateway) return null;
    if (!this.customerMayPay) {
      this.host.voidCard(outcome.requestId);
      return null;
    }
    this.state.cumulativeAmount += price;
    return { payGateway: outcome.payGateway, orderId: outcome.orderId };
  }

  /** Spends inserted credit (remote credit first counts as `encore`) and pays back change. */
  protected payFromCredit(price: number): Payment {
    const encore = Math.min(this.remoteCredit, price);
    this.remoteCredit -= encore;
    this.state.currentCoin -= price;
    this.state.cumulativeAmount += price - encore;
    this.giveChange();
    return { payGateway: 'offline', ...(encore > 0 ? { encore } : {}) };
  }

  /** Machines with a hopper pay back what is left over; a short hopper pays less and says so. */
  private giveChange(): void {
    const dispenser = this.coinDispenser;
    if (!dispenser || this.state.currentCoin < dispenser.coinValue) return;
    const { expected, actual } = dispenser.dispense(this.state.currentCoin);
    this.state.currentCoin -= actual * dispenser.coinValue;
    this.emit({ kind: 'coinsDispensed', expected, actual, coinValue: dispenser.coinValue, reason: 'change' });
    if (actual < expected) this.raiseFault(cannotDispense);
    if (dispenser.low) this.scheduleVisit(this.random.exponential(3_600));
  }

  private scheduleVisit(inSeconds: number): void {
    if (this.visitPending) return;
    this.visitPending = true;
    this.clock.after(inSeconds, () => {
      this.visitPending = false;
      void this.operatorVisit().finally(() => this.scheduleVisit(this.random.exponential(day * 1.5)));
    });
  }

  /** The operator opens the machine (status `setting`), takes the cash and refills the hopper. */
  protected async operatorVisit(): Promise<void> {
    const hopperEmpty = this.state.errorCode === cannotDispense;
    if (this.state.status !== 'idle' && !hopperEmpty) return;
    this.state.status = 'setting';
    this.changed();
    await this.clock.sleep(this.random.int(120, 300));
    if (this.state.cashBoxAmount > 0) {
      this.state.cashBoxAmount = 0;
      this.state.coinCount = 0;
      this.emit({ kind: 'reset', what: 'cashBox' });
    }
    const dispenser = this.coinDispenser;
    if (dispenser && dispenser.low) {
      const added = dispenser.totalAmount - dispenser.remainingAmount;
      dispenser.remainingAmount = dispenser.totalAmount;
      const { remainingAmount, totalAmount } = dispenser;
      this.emit({ kind: 'refill', amount: added, remainingAmount, totalAmount });
    }
    if (this.state.errorCode === cannotDispense) this.clearFault();
    if (this.state.status === 'setting') this.state.status = 'idle';
    this.changed();
  }
}

/** The catalogue's codes in a range, for a kind's `faultCodes()`. */
export const faultsBetween = (from: number, to: number): number[] =>
  deviceFaultCodes.filter((c) => c >= from && c <= to);
