import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ackCodes,
  deviceKinds,
  eventKinds,
  machineTypeByKind,
  modelsByKind,
  supportedActions,
} from '@sbo/contracts/mqtt';
import type { CommandAction, CommandParams } from '@sbo/contracts/mqtt';
import { device, startWorld } from './helpers/world';
import type { World } from './helpers/world';

/** One device of every kind on every model it comes in. */
const devices = deviceKinds.flatMap((kind) =>
  modelsByKind[kind].map((model) => device(`${kind}-${model}`, kind, model)),
);

const sampleParams: { [A in CommandAction]: CommandParams<A> } = {
  insertCoin: { amount: 1000 },
  extendDrying: { minutes: 5 },
  resetDrumClean: {},
  resetPaidAmount: {},
  clearError: {},
  startCycle: {},
  pauseCycle: {},
  resumeCycle: {},
  terminateCycle: {},
  skipStage: {},
  changeTemperature: { dryTemp: 2 },
  changeCourse: { course: 'quick' },
  startDrumClean: {},
  pauseMachine: {},
  resumeMachine: {},
  removeBubbles: {},
  rebootTablet: {},
  dispenseCoins: { amount: 1000 },
  setTestMode: { testTime: 0 },
  setConfig: { config: { volume: 3 } },
  setPrices: {
    prices: {
      version: 'v9',
      type: 'list',
      price: 5000,
      spentTime: 8,
      dryPrice: 1000,
      selections: [{ selection: 'A1', price: 2500 }],
    },
  },
  setCoinDispenser: { remainingAmount: 100_000 },
  resetBanknotes: {},
  collectCashBox: { expectedAmount: 12_000 },
  paidStart: { orderId: 'order-sample-1', course: 'standard', amount: 6000, payGateway: 'LinePay' },
};
const protocolCodes: number[] = Object.values(ackCodes);

let world: World;
beforeAll(async () => {
  // Busy machines: customers every few machine minutes, faults often, reports twice a second.
  world = await startWorld(devices, {
    timeScale: 5_000,
    customers: 10,
    faults: 5,
    heartbeatSeconds: 0.5,
    seed: 'messages',
  });
  // Until the fleet has said enough (every kind of event, 500 messages), however busy the machine;
  // past the bound the tests below say what is missing.
  const seen = new Set<string>();
  let read = 0;
  const saidEnough = () => {
    for (const messages = world.gateway.messages; read < messages.length; read += 1) {
      const m = messages[read]!;
      if (m.channel === 'event') seen.add(m.message.kind);
    }
    return read > 500 && eventKinds.every((kind) => seen.has(kind));
  };
  await world.gateway.waitUntil(saidEnough, 45_000).catch(() => undefined);
  await Promise.all(
    devices.map(async (d) => {
      for (const action of supportedActions(d.kind, d.model)) {
        const ack = await world.gateway.command(d.hwid, action, sampleParams[action] as never);
        if (!ack.ok) expect(protocolCodes, `${d.hwid} ${action}`).toContain(ack.code);
      }
    }),
  );
}, 180_000);
afterAll(() => world?.stop());

describe('what devices publish', () => {
  it('validates every message against the contracts schemas', () => {
    expect(world.gateway.invalid).toEqual([]);
    expect(world.gateway.messages.length).toBeGreaterThan(500);
  });

  it('covers every channel and the events a working fleet produces', () => {
    const channels = new Set(world.gateway.messages.map((m) => m.channel));
    expect([...channels].sort()).toEqual(['ack', 'event', 'state', 'status']);
    const kinds = new Set(world.gateway.messages.flatMap((m) => (m.channel === 'event' ? [m.message.kind] : [])));
    expect([...kinds].sort()).toEqual([...eventKinds].sort());
  });

  it('reports each machine with its own kind, model and machine type', () => {
    for (const d of devices) {
      const state = world.gateway.ofDevice(d.hwid).find((m) => m.channel === 'state');
      expect(state?.message).toMatchObject({ kind: d.kind, model: d.model, machineType: machineTypeByKind[d.kind] });
    }
  });

  it('makes event ids unique per device and state sequence numbers increase', () => {
    for (const d of devices) {
      const mine = world.gateway.ofDevice(d.hwid);
      const ids = mine.flatMap((m) => (m.channel === 'event' ? [m.message.eventId] : []));
      expect(new Set(ids).size).toBe(ids.length);
      const seqs = mine.flatMap((m) => (m.channel === 'state' ? [m.message.seq] : []));
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    }
  });
});
