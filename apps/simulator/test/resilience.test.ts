import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet } from '../src/fleet';
import { startBroker, startProxy } from './helpers/broker';
import type { TestBroker } from './helpers/broker';
import { TestGateway } from './helpers/gateway';
import { device } from './helpers/world';

const washer = device('W-R', 'washer', 'AB3');
const vending = device('VM-R', 'vending', 'VM1');
const quick = { timeScale: 600, reconnect: { minMs: 50, maxMs: 400 }, log: () => undefined, connectPerSecond: 1_000 };

let broker: TestBroker;
let gateway: TestGateway;
beforeAll(async () => {
  broker = await startBroker(new Map([washer, vending].map((d) => [d.hwid, d.secret])));
  gateway = await TestGateway.connect(broker.url);
});
afterAll(async () => {
  await gateway?.close();
  await broker?.close();
});

/** The next status message of a device with this status, from message index `since` on. */
const statusFrom = async (hwid: string, status: 'online' | 'offline', since: number) => {
  const found = await gateway.waitFor((m) => m.hwid === hwid && m.channel === 'status' && m.message.status === status, {
    since,
    timeoutMs: 8_000,
  });
  if (found.channel !== 'status') throw new Error('not a status');
  return found.message;
};

const statusesOf = (hwid: string) => gateway.ofDevice(hwid).flatMap((m) => (m.channel === 'status' ? [m.message] : []));

describe('a device that restarts', () => {
  it('never repeats an event id, even with the same seed', async () => {
    const eventIds = () => gateway.ofDevice('VM-R').flatMap((m) => (m.channel === 'event' ? [m.message.eventId] : []));
    for (let boot = 1; boot <= 2; boot++) {
      const before = eventIds().length;
      const fleet = startFleet({
        ...quick,
        url: broker.url,
        devices: [vending],
        seed: 'same',
        timeScale: 20_000,
        customers: 20,
      });
      await gateway.waitUntil(() => eventIds().length >= before + 20);
      await fleet.stop();
    }
    const ids = eventIds();
    expect(ids.length).toBeGreaterThanOrEqual(40);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(statusesOf('VM-R').map((s) => s.bootId)).size).toBe(2);
  });
});

describe('a device whose connection drops', () => {
  it('is reported offline by its last will, then comes back online by itself', async () => {
    const proxy = await startProxy(broker.port);
    const fleet = startFleet({ ...quick, url: proxy.url, devices: [washer], customers: 0, faults: 0 });
    try {
      const online = await statusFrom('W-R', 'online', gateway.messages.length);
      const since = gateway.messages.length;
      proxy.cut();
      const will = await statusFrom('W-R', 'offline', since);
      expect(will).toMatchObject({
        status: 'offline',
        reason: 'lastWill',
        connId: online.connId,
        bootId: online.bootId,
      });
      const again = await statusFrom('W-R', 'online', since);
      expect(again.connId).not.toBe(online.connId);
      expect(again.bootId).toBe(online.bootId);
      // The will is renewed with every connection, so the server can tell a stale one from a fresh one.
      const secondCut = gateway.messages.length;
      proxy.cut();
      expect(await statusFrom('W-R', 'offline', secondCut)).toMatchObject({ reason: 'lastWill', connId: again.connId });
      await statusFrom('W-R', 'online', secondCut);
    } finally {
      await fleet.stop();
      await proxy.close();
    }
    expect(statusesOf('W-R').at(-1)).toMatchObject({ status: 'offline', reason: 'shutdown' });
  });

  it('reconnects after the broker restarts and answers commands again', async () => {
    const fleet = startFleet({ ...quick, url: broker.url, devices: [washer], customers: 0, faults: 0 });
    try {
      const online = await statusFrom('W-R', 'online', gateway.messages.length);
      const since = gateway.messages.length;
      await broker.restart();
      const again = await statusFrom('W-R', 'online', since);
      expect(again.connId).not.toBe(online.connId);
      expect(await gateway.command('W-R', 'startCycle', {})).toMatchObject({ ok: true });
    } finally {
      await fleet.stop();
    }
  });
});

describe('a device told the server is busy (CONNACK 3)', () => {
  it('tries again within its busy delay, without growing its backoff', async () => {
    const busy = device('W-BUSY', 'washer', 'AB3');
    let refusals = 0;
    // Four CONNECTs answered "server unavailable", as a server letting a fleet in at its pace does.
    const paced = await startBroker(new Map([[busy.hwid, busy.secret]]), {
      refuse: (username) => {
        if (username !== busy.hwid || refusals >= 4) return null;
        refusals += 1;
        return 3;
      },
    });
    const watcher = await TestGateway.connect(paced.url);
    const startedAt = Date.now();
    // An exponential backoff from 1 s would take at least 0.5 + 1 + 2 + 4 s over four refusals.
    const fleet = startFleet({
      ...quick,
      url: paced.url,
      devices: [busy],
      customers: 0,
      faults: 0,
      reconnect: { minMs: 1_000, maxMs: 60_000, busy: { minMs: 50, maxMs: 150 } },
    });
    try {
      await watcher.waitFor((m) => m.hwid === busy.hwid && m.channel === 'status' && m.message.status === 'online', {
        timeoutMs: 5_000,
      });
      expect(refusals).toBe(4);
      expect(Date.now() - startedAt).toBeLessThan(3_000);
    } finally {
      await fleet.stop();
      await watcher.close();
      await paced.close();
    }
  });
});
