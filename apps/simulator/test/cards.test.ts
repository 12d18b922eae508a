import { afterAll, describe, expect, it } from 'vitest';
import { CardReader } from '@sbo/contracts';
import { cardGateways } from '@sbo/contracts/settlement';
import { currencies } from '../src/currency';
import { fleetDevice } from '../src/fleet';
import { device, startWorld } from './helpers/world';
import type { World } from './helpers/world';
import type { TestGateway } from './helpers/gateway';

const worlds: World[] = [];
afterAll(() => Promise.all(worlds.map((w) => w.stop())));

const cards = ['880000000001', '880000000002'];
/** A busy vending machine (a customer every few machine seconds) with a card reader. */
const vending = (hwid: string) => ({ ...device(hwid, 'vending', 'VM1'), cardReader: { cards } });
const busy = { timeScale: 600, customers: 30, faults: 0 };

/** What the gateway heard (of a world, or of a gateway being set up). */
type Heard = { gateway: TestGateway };
const authorizations = (world: Heard) =>
  world.gateway.messages.flatMap((m) => (m.channel === 'card' && m.message.kind === 'authorize' ? [m.message] : []));
const voids = (world: Heard) =>
  world.gateway.messages.flatMap((m) => (m.channel === 'card' && m.message.kind === 'void' ? [m.message] : []));
const sales = (world: Heard) =>
  world.gateway.messages.flatMap((m) => (m.channel === 'event' && m.message.kind === 'sale' ? [m.message] : []));

describe('card readers', () => {
  it('pays by tapping a demo card: authorize, and on approval the sale names the order id and gateway', async () => {
    const world = await startWorld([vending('VM-CARD-OK')], { ...busy, cardShare: 1 }, (gateway) => {
      gateway.cardDesk = (_hwid, request) =>
        request.kind === 'authorize'
          ? {
              result: CardReader.approved,
              orderId: `order-${request.requestId}`,
              payGateway: 'ESVC',
              balanceUsed: request.amount,
            }
          : { result: CardReader.approved };
    });
    await world.gateway.waitUntil(() => sales(world).length >= 3);
    for (const sale of sales(world).slice(0, 3)) {
      expect(sale.payGateway).toBe('ESVC');
      const asked = authorizations(world).find((a) => `order-${a.requestId}` === sale.orderId);
      expect(asked, `an authorization for ${sale.orderId}`).toBeDefined();
      expect(sale.amount).toBe(asked!.amount);
      expect(cards).toContain(asked!.card);
    }
    expect(voids(world)).toEqual([]);
    expect(world.gateway.invalid).toEqual([]);
  });

  it('does not vend when the card is refused (0014 insufficient balance, 0011 locked) and voids nothing', async () => {
    let n = 0;
    const world = await startWorld([vending('VM-CARD-NO')], { ...busy, cardShare: 1 }, (gateway) => {
      gateway.cardDesk = () => ({ result: (n += 1) % 2 === 0 ? CardReader.insufficientBalance : CardReader.locked });
    });
    worlds.push(world);
    await world.gateway.waitUntil(() => authorizations(world).length >= 4, 30_000);
    expect(sales(world)).toEqual([]);
    expect(voids(world)).toEqual([]);
  });

  it('gives up after the time limit: shows a timeout, does not vend, voids the request and ignores a late approval', async () => {
    const late: string[] = [];
    let inTime = false;
    const world = await startWorld(
      [vending('VM-CARD-LATE')],
      { ...busy, cardShare: 1, cardAnswerMs: 1_000 },
      (gateway) => {
        // The desk answers by events, not by a clock: an authorization is approved only once the
        // reader has voided it (so the approval is late by construction), until two were; from then
        // on in time, so the first sale paid that way shows the reader has read the late answers
        // before it (one topic, one sender: the broker keeps their order).
        gateway.cardDesk = async (_hwid, request) => {
          if (request.kind === 'void') return { result: CardReader.approved };
          if (inTime)
            return { result: CardReader.approved, orderId: `in-time-${request.requestId}`, payGateway: 'ESVC' };
          late.push(request.requestId);
          await gateway.waitUntil(() => voids({ gateway }).some((v) => v.requestId === request.requestId), 30_000);
          if (late.length >= 2) inTime = true;
          return { result: CardReader.approved, orderId: `late-${request.requestId}`, payGateway: 'cash-card' };
        };
      },
    );
    worlds.push(world);
    await world.gateway.waitUntil(() => sales(world).some((s) => s.orderId?.startsWith('in-time-')), 45_000);
    expect(late.slice(0, 2)).toEqual(
      voids(world)
        .map((v) => v.requestId)
        .slice(0, 2),
    );
    expect(sales(world).filter((s) => s.orderId?.startsWith('late-'))).toEqual([]);
  });

  it('keeps card payments to the configured share, and machines without a reader never tap', async () => {
    const world = await startWorld(
      [vending('VM-CARD-MIX'), device('VM-NO-READER', 'vending', 'VM1')],
      { ...busy, cardShare: 0.2, seed: 'card-share' },
      (gateway) => {
        gateway.cardDesk = (_hwid, request) =>
          request.kind === 'authorize'
            ? { result: CardReader.approved, orderId: `mix-${request.requestId}`, payGateway: 'ESVC' }
            : { result: CardReader.approved };
      },
    );
    worlds.push(world);
    await world.gateway.waitUntil(
      () =>
        world.gateway.ofDevice('VM-CARD-MIX').filter((m) => m.channel === 'event' && m.message.kind === 'sale')
          .length >= 40,
      45_000,
    );
    const mix = world.gateway
      .ofDevice('VM-CARD-MIX')
      .flatMap((m) => (m.channel === 'event' && m.message.kind === 'sale' ? [m.message] : []));
    const byCard = mix.filter((s) => s.payGateway === 'ESVC').length / mix.length;
    expect(byCard).toBeGreaterThan(0.05);
    expect(byCard).toBeLessThan(0.45);
    expect(world.gateway.ofDevice('VM-NO-READER').some((m) => m.channel === 'card')).toBe(false);
  });

  it('reads the card reader of a fleet file entry, and refuses card numbers that are not 6-20 digits', () => {
    const entry = { hwid: 'VM-1', secret: 's', kind: 'vending', model: 'VM1', cardReader: { cards } };
    expect(fleetDevice.parse(entry).cardReader).toEqual({ cards });
    expect(fleetDevice.safeParse({ ...entry, cardReader: { cards: ['12ab'] } }).success).toBe(false);
    expect(fleetDevice.parse({ ...entry, cardReader: undefined }).cardReader).toBeUndefined();
  });

  it('never pays by a card gateway without the card reader: no currency offers ESVC or cash-card as a phone payment', () => {
    for (const profile of Object.values(currencies)) {
      for (const gateway of cardGateways) expect(profile.gateways as readonly string[]).not.toContain(gateway);
    }
  });
});
