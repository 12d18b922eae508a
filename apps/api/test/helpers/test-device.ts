import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import {
  deviceTopics,
  idleStateReport,
  machineTypeByKind,
  parseDeviceMessage,
  protocolVersion,
  type CardRequest,
  type CardResult,
  type CommandAck,
  type DeviceCommand,
  type DeviceEvent,
  type DeviceKind,
  type StateReport,
  type StatusMessage,
} from '@sbo/contracts/mqtt';

type Answer = (command: DeviceCommand) => Omit<CommandAck, 'v' | 'commandId' | 'sentAt'> | null;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type EventBody = DistributiveOmit<DeviceEvent, 'v' | 'eventId' | 'occurredAt' | 'sentAt'>;
export type CardRequestBody = DistributiveOmit<CardRequest, 'v' | 'sentAt'>;

export type TestDeviceOptions = {
  hwid: string;
  secret: string;
  kind?: DeviceKind;
  model?: string;
  firmware?: string;
  /** How commands are answered; `null` from it means silence. Default: ok. */
  answer?: Answer;
  /** The device's clock (the test's clock, so its times agree with the gateway's); the system's by default. */
  clock?: { now(): Date };
};

/** Times an event claims, when a test sets them (a machine whose clock is off). */
export type EventTimes = { occurredAt?: number; sentAt?: number };

/**
 * A real MQTT client speaking protocol v1, as small as a test needs: presence with a last will,
 * state reports on demand, events with chosen ids, and commands answered by `answer`.
 */
export class TestDevice {
  readonly commands: DeviceCommand[] = [];
  /** Every card answer received, in order. */
  readonly cardResults: CardResult[] = [];
  private cardReader = false;
  readonly bootId: string;
  readonly connId: string;
  answer: Answer;
  private seq = 0;
  private events = 0;
  private readonly topics: ReturnType<typeof deviceTopics>;

  private constructor(
    readonly client: MqttClient,
    readonly options: Required<Omit<TestDeviceOptions, 'answer' | 'clock'>>,
    private readonly clock: { now(): Date },
    ids: { bootId: string; connId: string; answer: Answer },
  ) {
    this.topics = deviceTopics(options.hwid);
    this.bootId = ids.bootId;
    this.connId = ids.connId;
    this.answer = ids.answer;
    client.on('message', (topic, payload) => this.onCommand(topic, payload));
  }

  static async connect(url: string, input: TestDeviceOptions): Promise<TestDevice> {
    const { answer, clock = { now: () => new Date() }, ...rest } = input;
    const options = { kind: 'washer' as DeviceKind, model: 'AB3', firmware: '3.2.0', ...rest };
    const bootId = randomBytes(8).toString('hex');
    const connId = randomBytes(8).toString('hex');
    const will: StatusMessage = { v: protocolVersion, status: 'offline', bootId, connId, reason: 'lastWill' };
    const client = await mqtt.connectAsync(url, {
      clientId: options.hwid,
      username: options.hwid,
      password: options.secret,
      protocolVersion: 4,
      clean: true,
      keepalive: 60,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
      will: {
        topic: deviceTopics(options.hwid).status,
        payload: Buffer.from(JSON.stringify(will)),
        qos: 1,
        retain: true,
      },
    });
    const ids = { bootId, connId, answer: answer ?? (() => ({ ok: true })) };
    const device = new TestDevice(client, options, clock, ids);
    await client.subscribeAsync(device.topics.cmd, { qos: 1 });
    await device.publish('status', {
      v: protocolVersion,
      status: 'online',
      bootId,
      connId,
      sentAt: clock.now().getTime(),
      protocol: '1.0',
      kind: options.kind,
      model: options.model,
      machineType: machineTypeByKind[options.kind],
      firmware: options.firmware,
    });
    return device;
  }

  async publish(channel: 'status' | 'state' | 'event' | 'ack' | 'card', message: object): Promise<void> {
    await this.client.publishAsync(this.topics[channel], JSON.stringify(message), {
      qos: 1,
      retain: channel === 'status',
    });
  }

  /** A full state report; `seq` grows unless given. */
  report(patch: Partial<StateReport> = {}): StateReport {
    this.seq += 1;
    const { kind, model, firmware } = this.options;
    const sentAt = this.now();
    return { ...idleStateReport({ bootId: this.bootId, seq: this.seq, kind, model, firmware }), sentAt, ...patch };
  }

  async state(patch: Partial<StateReport> = {}): Promise<StateReport> {
    const report = this.report(patch);
    await this.publish('state', report);
    return report;
  }

  /** The device clock's now, in epoch milliseconds. */
  now(): number {
    return this.clock.now().getTime();
  }

  async event(
    body: EventBody,
    eventId = `${this.bootId}-${(this.events += 1)}`,
    times: EventTimes = {},
  ): Promise<string> {
    const now = this.now();
    const { occurredAt = now, sentAt = now } = times;
    await this.publish('event', { v: protocolVersion, eventId, occurredAt, sentAt, ...body });
    return eventId;
  }

  /** Subscribes to the device's own `cardResult` (once), as a machine with a card reader does. */
  async enableCardReader(): Promise<void> {
    if (this.cardReader) return;
    await this.client.subscribeAsync(this.topics.cardResult, { qos: 1 });
    this.cardReader = true;
  }

  /** Sends a card request (without waiting for its answer). */
  async sendCard(body: CardRequestBody): Promise<void> {
    await this.enableCardReader();
    await this.publish('card', { v: protocolVersion, sentAt: this.now(), ...body });
  }

  /** Sends a card request and waits for the next answer to its request id. */
  async card(body: CardRequestBody, timeoutMs = 120_000): Promise<CardResult> {
    await this.enableCardReader();
    const since = this.cardResults.length;
    await this.sendCard(body);
    return this.nextCardResult(body.requestId, since, timeoutMs);
  }

  /** The first answer to `requestId` from index `since` of `cardResults` on. */
  async nextCardResult(requestId: string, since = 0, timeoutMs = 120_000): Promise<CardResult> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.cardResults.slice(since).find((r) => r.requestId === requestId);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no answer to card request ${requestId} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Waits until a command with this action has arrived. */
  async nextCommand(action: DeviceCommand['action'], timeoutMs = 120_000): Promise<DeviceCommand> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.commands.find((c) => c.action === action);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${action} command within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private onCommand(topic: string, payload: Buffer): void {
    const parsed = parseDeviceMessage(topic, payload);
    if (parsed.ok && parsed.channel === 'cardResult') return void this.cardResults.push(parsed.message);
    if (!parsed.ok || parsed.channel !== 'cmd') return;
    this.commands.push(parsed.message);
    const result = this.answer(parsed.message);
    if (!result) return;
    // Not awaited: a device closed while its answer is still in flight drops it (the broker never
    // acknowledged it), as a real controller switched off would; that is no failure of the test.
    this.publish('ack', {
      v: protocolVersion,
      commandId: parsed.message.commandId,
      sentAt: this.now(),
      ...result,
    }).catch(() => undefined);
  }

  /** Clean shutdown: offline status, then DISCONNECT (no will). */
  async shutdown(): Promise<void> {
    await this.publish('status', {
      v: protocolVersion,
      status: 'offline',
      bootId: this.bootId,
      connId: this.connId,
      reason: 'shutdown',
      sentAt: this.now(),
    });
    await this.client.endAsync();
  }

  /** The network drops: the socket closes without DISCONNECT, so the broker publishes the will. */
  drop(): void {
    this.client.stream.destroy();
    this.client.end(true);
  }

  close(): Promise<void> {
    return this.client.endAsync(true);
  }
}
