import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { connectProtocolLevel, startEmbeddedBroker, type EmbeddedBroker } from '../src/modules/gateway/broker';

// The embedded broker's admission line, with a policy whose checks the test holds: CONNECTs given a turn
// stay in line until the test lets them go, so every step waits on a condition, never on the clock.
describe('the embedded broker admission line', () => {
  let broker: EmbeddedBroker | null = null;
  const clients: mqtt.MqttClient[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.end(true);
    await broker?.close();
    broker = null;
  });

  const until = async (test: () => boolean) => {
    for (let i = 0; i < 6_000 && !test(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(test()).toBe(true);
  };

  it('turns a connection away at the door while the line is full, "server unavailable" in its protocol (3.1.1 and 5)', async () => {
    const held: (() => void)[] = [];
    broker = await startEmbeddedBroker({
      host: '127.0.0.1',
      port: 0,
      // One a second, each waiting at most 4 s: four CONNECTs fill the line.
      limits: { maxPacketBytes: 65_536, connectsPerAddress: 0, connectsPerSecond: 1 },
      policy: {
        authenticate: (clientId) =>
          new Promise((resolve) => held.push(() => resolve({ role: 'device', hwid: clientId, credential: 'x' }))),
        canPublish: () => true,
        canSubscribe: () => true,
      },
    });
    const open = (id: string, protocolVersion: 4 | 5) =>
      new Promise<string>((resolve) => {
        const client = mqtt.connect(broker!.url, {
          clientId: id,
          username: id,
          password: 'secret',
          protocolVersion,
          reconnectPeriod: 0,
          // Only the broker's answer counts, never a client's timeout on a busy machine.
          connectTimeout: 120_000,
        });
        clients.push(client);
        client.once('connect', () => resolve('accepted'));
        client.once('error', (error) => resolve(error.message));
      });

    const waiting = ['A1', 'A2', 'A3', 'A4'].map((id) => open(id, 4));
    await until(() => broker!.admission().waiting === 4);
    expect(broker.admission().rate).toBe(1);

    // Past the line: answered at once, before Aedes reads anything else of the connection.
    expect(await open('B1', 4)).toMatch(/Server unavailable/i);
    expect(await open('B2', 5)).toMatch(/Server unavailable/i);
    expect(broker.connectOutcomes()['line full']).toBe(2);

    // Let the held checks go (each when its turn has come): the line empties and the four are in.
    await until(() => {
      for (const release of held.splice(0)) release();
      return broker!.admission().waiting === 0;
    });
    expect(await Promise.all(waiting)).toEqual(['accepted', 'accepted', 'accepted', 'accepted']);
    expect(broker.connectOutcomes().admitted).toBe(4);
  });
});

describe('connectProtocolLevel', () => {
  const connect = (level: number, remaining: number[]) =>
    Buffer.from([0x10, ...remaining, 0x00, 0x04, ...Buffer.from('MQTT'), level, 0x02, 0x00, 0x3c]);

  it('reads the protocol level of a CONNECT, whatever the length of its remaining-length field', () => {
    expect(connectProtocolLevel(connect(4, [0x20]))).toBe(4);
    expect(connectProtocolLevel(connect(5, [0x80, 0x01]))).toBe(5);
    expect(connectProtocolLevel(connect(3, [0x80, 0x80, 0x01]))).toBe(3);
  });

  it('gives null for anything but the start of a CONNECT', () => {
    expect(connectProtocolLevel(Buffer.from([0x30, 0x02, 0x00, 0x00]))).toBeNull();
    expect(connectProtocolLevel(Buffer.from([0x10]))).toBeNull();
    expect(connectProtocolLevel(Buffer.from([0x10, 0x20, 0x00]))).toBeNull();
    expect(connectProtocolLevel(Buffer.from('GET / HTTP/1.1\r\n'))).toBeNull();
  });
});
