import { CardReader, type CardReaderCode } from '@sbo/contracts';
import {
  cardRequestLimit,
  deviceTopic,
  mqttQos,
  protocolVersion,
  type CardRequest,
  type CardResult,
} from '@sbo/contracts/mqtt';
import type { CardMachineAnswer, CardMachineRequest } from '../cards/service';
import { createRateLimiter } from './rate-limiter';
import type { Log } from '../../lib/log';

/** What the gateway needs of the card desk (`cards/service.ts`, `createCardDesk`). */
type CardDeskPort = {
  authorize(request: CardMachineRequest): Promise<CardMachineAnswer>;
  void(request: { hwid: string; requestId: string }): Promise<{ result: CardReaderCode }>;
};

type CardRequestCounters = { authorized: number; refused: number; voided: number; limited: number };

/**
 * A machine's card requests (`…/card`): an `authorize` goes to the card desk, which charges the card
 * once per (device, requestId) and makes the sale's transaction; a `void` gives an approval's money
 * back. The answer goes to the device's own `…/cardResult` (QoS 1). A device sending more than
 * `cardRequestLimit` requests is answered 0001 (rejected) without a look at the card; a desk failure
 * (the database away) is answered 0004 (processing error), and nothing was charged.
 */
export function createCardRequests(options: {
  desk: CardDeskPort;
  publish: (topic: string, payload: string, qos: 0 | 1) => Promise<void>;
  log: Log;
  now?: () => number;
  limit?: { capacity: number; perMs: number };
  /** Told of each charge the desk could not settle (staff are alerted: docs/notifications.md). */
  onFailure?: (hwid: string, request: CardRequest) => void;
}) {
  const { desk, log } = options;
  const now = options.now ?? Date.now;
  const limiter = createRateLimiter({
    capacity: options.limit?.capacity ?? cardRequestLimit.perDevice,
    perMs: options.limit?.perMs ?? cardRequestLimit.perMs,
  });
  const counters: CardRequestCounters = { authorized: 0, refused: 0, voided: 0, limited: 0 };

  async function answerOf(hwid: string, request: CardRequest): Promise<Omit<CardResult, 'v' | 'requestId' | 'sentAt'>> {
    const { requestId } = request;
    if (request.kind === 'void') {
      // Voids give money back: never limited, or an approval the machine could not use would stay charged.
      const voided = await desk.void({ hwid, requestId });
      counters.voided += 1;
      return { result: voided.result };
    }
    if (!limiter.take(hwid, now())) {
      counters.limited += 1;
      log.warn({ hwid, requestId }, 'card requests over the limit: rejected');
      return { result: CardReader.rejected };
    }
    const answer = await desk.authorize({ hwid, requestId, card: request.card, amount: request.amount });
    if (answer.result === CardReader.approved) counters.authorized += 1;
    else counters.refused += 1;
    const { result, orderId, payGateway, balanceUsed, rewardUsed, pointsUsed, balance, point } = answer;
    return { result, orderId, payGateway, balanceUsed, rewardUsed, pointsUsed, balance, point };
  }

  return {
    counters,
    /** Answers one request; resolves once the answer is published (or could not be). */
    async handle(hwid: string, request: CardRequest): Promise<void> {
      let answer: Omit<CardResult, 'v' | 'requestId' | 'sentAt'>;
      try {
        answer = await answerOf(hwid, request);
      } catch (error) {
        log.error({ err: error, hwid, requestId: request.requestId, kind: request.kind }, 'card request failed');
        answer = { result: CardReader.processingError };
        options.onFailure?.(hwid, request);
      }
      const message: CardResult = { v: protocolVersion, requestId: request.requestId, sentAt: now(), ...answer };
      await options
        .publish(deviceTopic(hwid, 'cardResult'), JSON.stringify(message), mqttQos)
        .catch((error: unknown) =>
          log.warn({ err: error, hwid, requestId: request.requestId }, 'card answer not sent'),
        );
    },
  };
}

export type CardRequests = ReturnType<typeof createCardRequests>;
