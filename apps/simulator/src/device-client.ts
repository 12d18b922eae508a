import { Socket } from 'node:net';
import mqtt from 'mqtt';
import type { MqttClient } from 'mqtt';
import { CardReader } from '@sbo/contracts';
import {
  ackCodes,
  deviceTiming,
  deviceTopics,
  mqttQos,
  parseDeviceMessage,
  protocolRevision,
  protocolVersion,
} from '@sbo/contracts/mqtt';
import type {
  CardRequest,
  Channel,
  CommandAck,
  DeviceCommand,
  DeviceEvent,
  DeviceKind,
  MessageOf,
  StatusMessage,
} from '@sbo/contracts/mqtt';
import { createIdSource, newBootId, newConnId } from './ids';
import type { CommandResult } from './machines/command-result';
import type { CardOutcome, EventBody, Machine } from './machines/machine';
import type { Random } from './random';
import type { FleetStats } from './stats';

export type DeviceSpec = {
  hwid: string;
  secret: string;
  kind: DeviceKind;
  model: string;
  paidStart?: 'refuse' | 'ignore';
  /** A card reader, and the member cards customers tap on it. */
  cardReader?: { cards: string[] };
};

export type DeviceClientOptions = {
  url: string;
  device: DeviceSpec;
  machine: Machine;
  heartbeatMs: number;
  /** How long the card reader waits for the server's answer. Default the protocol's `cardAnswerMs`. */
  cardAnswerMs?: number;
  /**
   * Backoff after a lost or failed connection; after CONNACK 3 (server busy) a retry within
   * `busy` (default the protocol's `busyRetryMs`, at most `maxMs`) that does not grow the backoff.
   */
  reconnect: { minMs: number; maxMs: number; busy?: { minMs: number; maxMs: number } };
  random: Random;
  stats: FleetStats;
  log: (message: string) => void;
};

type QueuedEvent = { eventId: string; occurredAt: number; body: EventBody };
const outboxLimit = 1_000;
const rememberedAcks = 256;
const cardResultNames = Object.fromEntries(Object.entries(CardReader).map(([name, code]) => [code, name]));
const masked = (card: string) => `****${card.slice(-4)}`;

/**
 * One machine's MQTT connection, speaking protocol v1: retained online status with a last-will
 * offline, state on change and as heartbeat, events kept in an outbox while offline, commands
 * answered once each (a redelivered command gets its first answer again), reconnect with backoff.
 */
export class DeviceClient {
  private readonly topics: Record<Channel, string>;
  private readonly bootId = newBootId();
  private readonly ids = createIdSource(this.bootId);
  private client: MqttClient | null = null;
  private connId = '';
  private online = false;
  private stopping = false;
  private seq = 0;
  private attempt = 0;
  private statePending = false;
  private heartbeat: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private lastError = '';
  /** The last CONNECT was answered CONNACK 3 (server unavailable): it asked for a retry soon. */
  private refusedBusy = false;
  private readonly outbox: QueuedEvent[] = [];
  private readonly answered = new Map<string, CommandAck>();
  /** Card requests waiting for the server's answer, by request id. */
  private readonly cardWaits = new Map<string, { settle: (outcome: CardOutcome) => void; timer: NodeJS.Timeout }>();
  /** Voids not yet handed to the connection (sent on the next connect). */
  private readonly pendingVoids: string[] = [];

  constructor(private readonly options: DeviceClientOptions) {
    this.topics = deviceTopics(options.device.hwid);
  }

  start(): void {
    this.options.machine.attach({
      emit: (body) => this.queueEvent(body),
      changed: () => this.scheduleState(),
      uniqueId: () => this.ids.next(),
      authorizeCard: (card, amount) => this.authorizeCard(card, amount),
      voidCard: (requestId) => this.voidCard(requestId),
    });
    this.options.machine.start();
    this.connect();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.options.machine.stop();
    // A machine switched off mid-tap will not vend: whatever the server approves is given back.
    const open = [...this.cardWaits.keys()];
    this.clearTimers();
    if (this.online) for (const requestId of open) this.voidCard(requestId);
    const client = this.client;
    if (!client) return;
    if (this.online) {
      // A clean shutdown says so itself; DISCONNECT then discards the last will.
      await client
        .publishAsync(this.topics.status, JSON.stringify(this.offlineStatus('shutdown')), {
          qos: mqttQos,
          retain: true,
        })
        .catch(() => undefined);
      this.markOffline();
      await client.endAsync();
    } else {
      await client.endAsync(true);
    }
  }

  private connect(): void {
    this.connId = newConnId();
    const will = {
      topic: this.topics.status,
      payload: Buffer.from(JSON.stringify(this.offlineStatus('lastWill'))),
      qos: mqttQos,
      retain: true,
    } as const;
    if (this.client) {
      this.client.options.will = will;
      this.client.reconnect();
      return;
    }
    const { hwid, secret } = this.options.device;
    this.client = mqtt.connect(this.options.url, {
      clientId: hwid,
      username: hwid,
      password: secret,
      protocolVersion: 4,
      clean: true,
      keepalive: deviceTiming.keepaliveSeconds,
      reconnectPeriod: 0,
      connectTimeout: 10_000,
      resubscribe: false,
      will,
    });
    this.client.on('connect', () => this.onConnect());
    this.client.on('close', () => this.onClose());
    this.client.on('error', (error) => this.onError(error));
    this.client.on('message', (topic, payload) =>
      topic === this.topics.cardResult ? this.onCardResult(payload) : this.onCommand(payload),
    );
  }

  private onConnect(): void {
    const client = this.client!;
    // Small packets both ways: without this, Nagle and delayed ACKs add ~40 ms to every answer.
    if (client.stream instanceof Socket) client.stream.setNoDelay(true);
    this.online = true;
    this.attempt = 0;
    this.refusedBusy = false;
    this.lastError = '';
    this.options.stats.connected += 1;
    this.options.stats.connects += 1;
    const { kind, model, machineType, firmware } = this.options.machine.report();
    const status: StatusMessage = {
      v: protocolVersion,
      status: 'online',
      bootId: this.bootId,
      connId: this.connId,
      sentAt: Date.now(),
      protocol: protocolRevision,
      kind,
      model,
      machineType,
      firmware,
    };
    this.publish('status', status, true);
    const subscriptions = this.options.device.cardReader ? [this.topics.cmd, this.topics.cardResult] : this.topics.cmd;
    client.subscribe(
      subscriptions,
      { qos: mqttQos },
      (error) => error && this.options.log(`${this.options.device.hwid}: subscribe failed: ${error.message}`),
    );
    this.publishState();
    for (const queued of this.outbox.splice(0)) this.sendEvent(queued);
    for (const requestId of this.pendingVoids.splice(0)) this.sendVoid(requestId);
  }

  private onClose(): void {
    this.markOffline();
    if (this.stopping || this.reconnectTimer) return;
    // Exponential backoff with jitter, so a fleet does not reconnect in lockstep after a broker restart.
    const { minMs, maxMs } = this.options.reconnect;
    let delay: number;
    if (this.refusedBusy) {
      // CONNACK 3: the server is up and admitting at its pace; a retry soon, the backoff not grown.
      this.refusedBusy = false;
      const busy = this.options.reconnect.busy ?? {
        minMs: deviceTiming.busyRetryMs.min,
        maxMs: deviceTiming.busyRetryMs.max,
      };
      const from = Math.min(busy.minMs, maxMs);
      delay = from + this.options.random.next() * (Math.min(busy.maxMs, maxMs) - from);
    } else {
      const ceiling = Math.min(maxMs, minMs * 2 ** this.attempt);
      this.attempt += 1;
      delay = ceiling / 2 + this.options.random.next() * (ceiling / 2);
    }
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopping) this.connect();
    }, delay);
  }

  private onError(error: Error): void {
    // MQTT.js reports a refused CONNECT as an error whose code is the CONNACK return code.
    if ((error as { code?: unknown }).code === 3) this.refusedBusy = true;
    if (error.message === this.lastError) return;
    this.lastError = error.message;
    this.options.log(`${this.options.device.hwid}: ${error.message}`);
  }

  private markOffline(): void {
    if (!this.online) return;
    this.online = false;
    this.options.stats.connected -= 1;
    if (this.heartbeat) clearTimeout(this.heartbeat);
    this.heartbeat = null;
  }

  private scheduleState(): void {
    if (this.statePending) return;
    this.statePending = true;
    // Changes made in one tick (a command, a stage change and its door) go out as one report.
    setImmediate(() => {
      this.statePending = false;
      this.publishState();
    });
  }

  /** Publishes the full state now and restarts the heartbeat: a report is due at least every heartbeat. */
  private publishState(): void {
    if (!this.online || this.stopping) return;
    this.seq += 1;
    this.publish('state', {
      v: protocolVersion,
      bootId: this.bootId,
      seq: this.seq,
      sentAt: Date.now(),
      ...this.options.machine.report(),
    });
    if (this.heartbeat) clearTimeout(this.heartbeat);
    this.heartbeat = setTimeout(() => this.publishState(), this.options.heartbeatMs);
  }

  private queueEvent(body: EventBody): void {
    const queued = { eventId: this.ids.next(), occurredAt: Date.now(), body };
    this.options.stats.events += 1;
    if (this.online) return this.sendEvent(queued);
    // Offline, the machine keeps working and keeps its events; past the limit the oldest go.
    if (this.outbox.push(queued) > outboxLimit) {
      this.outbox.shift();
      this.options.stats.droppedEvents += 1;
    }
  }

  private sendEvent({ eventId, occurredAt, body }: QueuedEvent): void {
    const event: DeviceEvent = { v: protocolVersion, eventId, occurredAt, sentAt: Date.now(), ...body };
    this.publish('event', event);
  }

  /**
   * A tap on the card reader: `authorize` on `…/card`, then the server's `cardResult` within the
   * time limit. Without an answer by then (or without a connection) the reader shows 0003, the
   * machine does not vend, and a request that went out is voided, so a late approval is given back.
   */
  private authorizeCard(card: string, amount: number): Promise<CardOutcome> {
    const requestId = this.ids.next();
    const { stats, log, device } = this.options;
    if (!this.online) {
      stats.cardTimeouts += 1;
      return Promise.resolve({ requestId, result: CardReader.timeout });
    }
    return new Promise<CardOutcome>((resolve) => {
      const timer = setTimeout(() => {
        this.cardWaits.delete(requestId);
        stats.cardTimeouts += 1;
        log(`${device.hwid}: card ${masked(card)} not answered in time (0003): voided`);
        this.voidCard(requestId);
        resolve({ requestId, result: CardReader.timeout });
      }, this.options.cardAnswerMs ?? deviceTiming.cardAnswerMs);
      const settle = (outcome: CardOutcome) => {
        clearTimeout(timer);
        this.cardWaits.delete(requestId);
        if (outcome.result === CardReader.approved) stats.cardApproved += 1;
        else {
          stats.cardRefused += 1;
          const name = cardResultNames[outcome.result] ?? 'refused';
          log(`${device.hwid}: card ${masked(card)} refused ${outcome.result} (${name}); not vending`);
        }
        resolve(outcome);
      };
      this.cardWaits.set(requestId, { settle, timer });
      const request: CardRequest = {
        v: protocolVersion,
        kind: 'authorize',
        requestId,
        card,
        amount,
        sentAt: Date.now(),
      };
      this.publish('card', request);
    });
  }

  private voidCard(requestId: string): void {
    this.options.stats.cardVoids += 1;
    if (this.online) this.sendVoid(requestId);
    else this.pendingVoids.push(requestId);
  }

  private sendVoid(requestId: string): void {
    this.publish('card', { v: protocolVersion, kind: 'void', requestId, sentAt: Date.now() });
  }

  private onCardResult(payload: Buffer): void {
    const parsed = parseDeviceMessage(this.topics.cardResult, payload);
    if (!parsed.ok || parsed.channel !== 'cardResult') return;
    const { requestId, result, orderId, payGateway } = parsed.message;
    // A late answer (the request was already given up and voided) or the answer to a void: nothing waits.
    this.cardWaits.get(requestId)?.settle({ requestId, result, orderId, payGateway });
  }

  private onCommand(payload: Buffer): void {
    this.options.stats.commands += 1;
    const parsed = parseDeviceMessage(this.topics.cmd, payload);
    if (!parsed.ok || parsed.channel !== 'cmd') {
      const commandId = readCommandId(payload);
      const detail = parsed.ok
        ? 'not a command'
        : `${parsed.reason}: ${(parsed.issues ?? []).join('; ')}`.slice(0, 200);
      if (commandId)
        this.answer({
          v: protocolVersion,
          commandId,
          sentAt: Date.now(),
          ok: false,
          code: ackCodes.invalidCommand,
          detail,
        });
      return;
    }
    const command = parsed.message;
    const earlier = this.answered.get(command.commandId);
    if (earlier) return this.publish('ack', { ...earlier, sentAt: Date.now() });
    const ack = this.execute(command);
    if (ack) this.answer(ack);
  }

  /** The acknowledgement, or null when the machine leaves the command unanswered. */
  private execute(command: DeviceCommand): CommandAck | null {
    const base = { v: protocolVersion, commandId: command.commandId } as const;
    if (command.expiresAt < Date.now()) {
      return {
        ...base,
        sentAt: Date.now(),
        ok: false,
        code: ackCodes.expired,
        detail: 'expired before it arrived; not executed',
      };
    }
    let result: CommandResult | null;
    try {
      result = this.options.machine.handle(command);
    } catch (error) {
      // A bug in a machine must not leave the server waiting for a timeout: say the device failed.
      this.options.log(`${this.options.device.hwid}: ${command.action} failed: ${String(error)}`);
      result = { ok: false, code: ackCodes.internalError, detail: 'the controller failed to execute the command' };
    }
    // The new state goes out before the answer, so whoever reads the answer finds the state already changed.
    this.statePending = false;
    this.publishState();
    return result && { ...base, sentAt: Date.now(), ...result };
  }

  private answer(ack: CommandAck): void {
    this.answered.set(ack.commandId, ack);
    if (this.answered.size > rememberedAcks) this.answered.delete(this.answered.keys().next().value!);
    this.publish('ack', ack);
  }

  private publish<C extends Exclude<Channel, 'cmd' | 'cardResult'>>(
    channel: C,
    message: MessageOf<C>,
    retain = false,
  ): void {
    const client = this.client;
    if (!client) return;
    const { stats } = this.options;
    const started = performance.now();
    stats.published += 1;
    client.publish(this.topics[channel], JSON.stringify(message), { qos: mqttQos, retain }, (error) => {
      if (error) stats.failed += 1;
      else {
        stats.acknowledged += 1;
        stats.recordAckLatency(performance.now() - started);
      }
    });
  }

  private offlineStatus(reason: 'lastWill' | 'shutdown'): StatusMessage {
    return {
      v: protocolVersion,
      status: 'offline',
      bootId: this.bootId,
      connId: this.connId,
      reason,
      ...(reason === 'shutdown' ? { sentAt: Date.now() } : {}),
    };
  }

  private clearTimers(): void {
    for (const { timer } of this.cardWaits.values()) clearTimeout(timer);
    this.cardWaits.clear();
    if (this.heartbeat) clearTimeout(this.heartbeat);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.heartbeat = null;
    this.reconnectTimer = null;
  }
}

function readCommandId(payload: Buffer): string | null {
  try {
    const value: unknown = JSON.parse(payload.toString('utf8'));
    const id = typeof value === 'object' && value !== null && 'commandId' in value ? value.commandId : null;
    return typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}
