import { CardReader } from '@sbo/contracts';
import { deviceTiming, protocolVersion } from '@sbo/contracts/mqtt';
import type { CardRequest, CardResult } from '@sbo/contracts/mqtt';
import type { CardOutcome } from './machines/machine-types';
import type { FleetStats } from './stats';

type CardLink = {
  hwid: string;
  /** How long the reader waits for the server's answer. */
  answerMs: number | undefined;
  stats: FleetStats;
  log: (message: string) => void;
  nextId: () => string;
  online: () => boolean;
  send: (request: CardRequest) => void;
};

const cardResultNames: Record<string, string> = Object.fromEntries(
  Object.entries(CardReader).map(([name, code]) => [code, name]),
);
const masked = (card: string) => `****${card.slice(-4)}`;

/**
 * The card reader's side of the `card` channel: a tap is an `authorize`, then the server's
 * `cardResult` within the time limit. Without an answer by then (or without a connection) the
 * reader shows 0003, the machine does not vend, and a request that went out is voided, so a late
 * approval is given back. Voids made while offline go out on the next connect.
 */
export class CardRequests {
  /** Card requests waiting for the server's answer, by request id. */
  private readonly waits = new Map<string, { settle: (outcome: CardOutcome) => void; timer: NodeJS.Timeout }>();
  /** Voids not yet handed to the connection (sent on the next connect). */
  private readonly pendingVoids: string[] = [];

  constructor(private readonly link: CardLink) {}

  authorize(card: string, amount: number): Promise<CardOutcome> {
    const requestId = this.link.nextId();
    const { stats, log, hwid } = this.link;
    if (!this.link.online()) {
      stats.cardTimeouts += 1;
      return Promise.resolve({ requestId, result: CardReader.timeout });
    }
    return new Promise<CardOutcome>((resolve) => {
      const timer = setTimeout(() => {
        this.waits.delete(requestId);
        stats.cardTimeouts += 1;
        log(`${hwid}: card ${masked(card)} not answered in time (0003): voided`);
        this.void(requestId);
        resolve({ requestId, result: CardReader.timeout });
      }, this.link.answerMs ?? deviceTiming.cardAnswerMs);
      const settle = (outcome: CardOutcome) => {
        clearTimeout(timer);
        this.waits.delete(requestId);
        if (outcome.result === CardReader.approved) stats.cardApproved += 1;
        else {
          stats.cardRefused += 1;
          const name = cardResultNames[outcome.result] ?? 'refused';
          log(`${hwid}: card ${masked(card)} refused ${outcome.result} (${name}); not vending`);
        }
        resolve(outcome);
      };
      this.waits.set(requestId, { settle, timer });
      this.link.send({ v: protocolVersion, kind: 'authorize', requestId, card, amount, sentAt: Date.now() });
    });
  }

  /** The machine cannot use an approval: the server gives the money back. */
  void(requestId: string): void {
    this.link.stats.cardVoids += 1;
    if (this.link.online()) this.sendVoid(requestId);
    else this.pendingVoids.push(requestId);
  }

  /** Connected again: the voids made while offline go out. */
  flush(): void {
    for (const requestId of this.pendingVoids.splice(0)) this.sendVoid(requestId);
  }

  /** A late answer (the request was already given up and voided) or the answer to a void: nothing waits. */
  answered({ requestId, result, orderId, payGateway }: CardResult): void {
    this.waits.get(requestId)?.settle({ requestId, result, orderId, payGateway });
  }

  /** Stops waiting for every answer; returns the requests that were still waiting. */
  abandon(): string[] {
    const open = [...this.waits.keys()];
    for (const { timer } of this.waits.values()) clearTimeout(timer);
    this.waits.clear();
    return open;
  }

  private sendVoid(requestId: string): void {
    this.link.send({ v: protocolVersion, kind: 'void', requestId, sentAt: Date.now() });
  }
}
