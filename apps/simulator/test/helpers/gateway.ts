import { randomUUID } from 'node:crypto';
import mqtt from 'mqtt';
import type { MqttClient } from 'mqtt';
import { buildCommand, channels, deviceTopic, fleetTopic, parseDeviceMessage, publisherOf } from '@sbo/contracts/mqtt';
import type {
  CardRequest,
  CardResult,
  CommandAck,
  CommandAction,
  CommandParams,
  DeviceMessage,
  ParseFailure,
} from '@sbo/contracts/mqtt';
import { gatewayUser } from './broker';

type Received = DeviceMessage & { at: number };
/** How the test's card desk answers a card request; null leaves it unanswered. */
type CardDesk = (
  hwid: string,
  request: CardRequest,
) =>
  | Omit<CardResult, 'v' | 'requestId' | 'sentAt'>
  | null
  | Promise<Omit<CardResult, 'v' | 'requestId' | 'sentAt'> | null>;

/**
 * The server's side of the protocol as a test needs it: every device message, validated against the
 * contracts schemas; invalid ones are kept apart so a test can insist there are none.
 */
export class TestGateway {
  readonly messages: Received[] = [];
  readonly invalid: Array<ParseFailure & { topic: string; payload: string }> = [];
  private waiters: Array<() => void> = [];
  /** Answers the devices' card requests; by default none is answered. */
  cardDesk: CardDesk = () => null;

  private constructor(private readonly client: MqttClient) {
    client.on('message', (topic, payload) => {
      const parsed = parseDeviceMessage(topic, payload);
      if (parsed.ok) {
        const { ok: _ok, ...message } = parsed;
        this.messages.push({ ...message, at: Date.now() });
        if (parsed.channel === 'card') void this.answerCard(parsed.hwid, parsed.message);
      } else this.invalid.push({ ...parsed, topic, payload: payload.toString() });
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async connect(url: string): Promise<TestGateway> {
    const client = await mqtt.connectAsync(url, {
      ...gatewayUser,
      clientId: `gateway-${randomUUID().slice(0, 8)}`,
      protocolVersion: 4,
      reconnectPeriod: 200,
    });
    const fromDevices = channels.filter((c) => publisherOf[c] === 'device').map(fleetTopic);
    await client.subscribeAsync(fromDevices, { qos: 1 });
    return new TestGateway(client);
  }

  /**
   * Resolves once `condition` holds, checking again on every message; fails after `timeoutMs`
   * (generous: on a busy machine the broker and the fleet are slow, never wrong).
   */
  async waitUntil(condition: () => boolean, timeoutMs = 120_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`condition not met within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The first message from index `since` on (already received or coming) that matches. */
  async waitFor(
    match: (m: Received) => boolean,
    options: { since?: number; timeoutMs?: number } = {},
  ): Promise<Received> {
    let found: Received | undefined;
    let seen = options.since ?? 0;
    await this.waitUntil(() => {
      for (; !found && seen < this.messages.length; seen++)
        if (match(this.messages[seen]!)) found = this.messages[seen];
      return found !== undefined;
    }, options.timeoutMs);
    return found!;
  }

  /** Sends a command and waits for its acknowledgement. */
  async command<A extends CommandAction>(
    hwid: string,
    action: A,
    params: CommandParams<A>,
    commandId: string = randomUUID(),
  ): Promise<CommandAck> {
    const since = this.messages.length;
    await this.client.publishAsync(
      deviceTopic(hwid, 'cmd'),
      JSON.stringify(buildCommand(action, params, { commandId })),
      { qos: 1 },
    );
    const ack = await this.waitFor((m) => m.channel === 'ack' && m.hwid === hwid && m.message.commandId === commandId, {
      since,
    });
    if (ack.channel !== 'ack') throw new Error('not an acknowledgement');
    return ack.message;
  }

  /**
   * Sends a command, then a probe the device always refuses at once (no action, just a command id)
   * on the same topic: the broker keeps their order, so once the probe is answered the device has
   * handled the command too. Its acknowledgement, or null when the device left it unanswered.
   */
  async commandOrSilence<A extends CommandAction>(
    hwid: string,
    action: A,
    params: CommandParams<A>,
  ): Promise<CommandAck | null> {
    const since = this.messages.length;
    const commandId = randomUUID();
    const probeId = `probe-${randomUUID().slice(0, 8)}`;
    await this.client.publishAsync(
      deviceTopic(hwid, 'cmd'),
      JSON.stringify(buildCommand(action, params, { commandId })),
      {
        qos: 1,
      },
    );
    await this.client.publishAsync(deviceTopic(hwid, 'cmd'), JSON.stringify({ commandId: probeId }), { qos: 1 });
    const isAck = (m: Received, id: string) => m.channel === 'ack' && m.hwid === hwid && m.message.commandId === id;
    await this.waitFor((m) => isAck(m, probeId), { since, timeoutMs: 15_000 });
    const ack = this.messages.slice(since).find((m) => isAck(m, commandId));
    return ack?.channel === 'ack' ? ack.message : null;
  }

  private async answerCard(hwid: string, request: CardRequest): Promise<void> {
    const answer = await this.cardDesk(hwid, request);
    if (answer) await this.sendCardResult(hwid, { v: 1, requestId: request.requestId, sentAt: Date.now(), ...answer });
  }

  async sendCardResult(hwid: string, result: CardResult): Promise<void> {
    await this.client.publishAsync(deviceTopic(hwid, 'cardResult'), JSON.stringify(result), { qos: 1 });
  }

  async publishRaw(hwid: string, payload: string): Promise<void> {
    await this.client.publishAsync(deviceTopic(hwid, 'cmd'), payload, { qos: 1 });
  }

  ofDevice(hwid: string): Received[] {
    return this.messages.filter((m) => m.hwid === hwid);
  }

  close(): Promise<void> {
    return this.client.endAsync();
  }
}
