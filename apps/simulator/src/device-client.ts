import { Socket } from 'node:net';
import mqtt from 'mqtt';
import type { MqttClient } from 'mqtt';
import { deviceTiming, deviceTopics, mqttQos, parseDeviceMessage, protocolVersion } from '@sbo/contracts/mqtt';
import type { Channel, DeviceEvent, DeviceKind, MessageOf } from '@sbo/contracts/mqtt';
import { CardRequests } from './card-requests';
import { CommandDesk } from './command-desk';
import { offlineStatus, onlineStatus, reconnectDelay, type ReconnectPolicy } from './connection-rules';
import { createIdSource, newBootId, newConnId } from './ids';
import type { Machine } from './machines/machine';
import type { EventBody } from './machines/machine-types';
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
  reconnect: ReconnectPolicy;
  random: Random;
  stats: FleetStats;
  log: (message: string) => void;
};

type QueuedEvent = { eventId: string; occurredAt: number; body: EventBody };
const outboxLimit = 1_000;

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
  private readonly cards: CardRequests;
  private readonly commands: CommandDesk;

  constructor(private readonly options: DeviceClientOptions) {
    this.topics = deviceTopics(options.device.hwid);
    const { device, stats, log, machine } = options;
    this.cards = new CardRequests({
      hwid: device.hwid,
      answerMs: options.cardAnswerMs,
      stats,
      log,
      nextId: () => this.ids.next(),
      online: () => this.online,
      send: (request) => this.publish('card', request),
    });
    this.commands = new CommandDesk({
      hwid: device.hwid,
      topic: this.topics.cmd,
      machine,
      stats,
      log,
      publishStateNow: () => {
        this.statePending = false;
        this.publishState();
      },
      sendAck: (ack) => this.publish('ack', ack),
    });
  }

  start(): void {
    this.options.machine.attach({
      emit: (body) => this.queueEvent(body),
      changed: () => this.scheduleState(),
      uniqueId: () => this.ids.next(),
      authorizeCard: (card, amount) => this.cards.authorize(card, amount),
      voidCard: (requestId) => this.cards.void(requestId),
    });
    this.options.machine.start();
    this.connect();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.options.machine.stop();
    // A machine switched off mid-tap will not vend: whatever the server approves is given back.
    const open = this.cards.abandon();
    this.clearTimers();
    if (this.online) for (const requestId of open) this.cards.void(requestId);
    const client = this.client;
    if (!client) return;
    if (this.online) {
      // A clean shutdown says so itself; DISCONNECT then discards the last will.
      await client
        .publishAsync(this.topics.status, JSON.stringify(offlineStatus(this.connection, 'shutdown')), {
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
      payload: Buffer.from(JSON.stringify(offlineStatus(this.connection, 'lastWill'))),
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
      topic === this.topics.cardResult ? this.onCardResult(payload) : this.commands.receive(payload),
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
    this.publish('status', onlineStatus(this.connection, this.options.machine.report()), true);
    const subscriptions = this.options.device.cardReader ? [this.topics.cmd, this.topics.cardResult] : this.topics.cmd;
    client.subscribe(
      subscriptions,
      { qos: mqttQos },
      (error) => error && this.options.log(`${this.options.device.hwid}: subscribe failed: ${error.message}`),
    );
    this.publishState();
    for (const queued of this.outbox.splice(0)) this.sendEvent(queued);
    this.cards.flush();
  }

  private onClose(): void {
    if (!this.online) {
      if (this.refusedBusy) this.options.stats.refusedBusy += 1;
      else this.options.stats.failedConnects += 1;
    }
    this.markOffline();
    if (this.stopping || this.reconnectTimer) return;
    const delay = reconnectDelay(this.options.reconnect, this.attempt, this.refusedBusy, this.options.random);
    if (this.refusedBusy) this.refusedBusy = false;
    else this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopping) this.connect();
    }, delay);
  }

  private onError(error: Error): void {
    // MQTT.js reports a refused CONNECT as an error whose code is the CONNACK return code.
    if ((error as { code?: unknown }).code === 3) this.refusedBusy = true;
    if (error.message === 'connack timeout') this.options.stats.connectTimeouts += 1;
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

  private onCardResult(payload: Buffer): void {
    const parsed = parseDeviceMessage(this.topics.cardResult, payload);
    if (!parsed.ok || parsed.channel !== 'cardResult') return;
    this.cards.answered(parsed.message);
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

  private get connection(): { bootId: string; connId: string } {
    return { bootId: this.bootId, connId: this.connId };
  }

  private clearTimers(): void {
    if (this.heartbeat) clearTimeout(this.heartbeat);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.heartbeat = null;
    this.reconnectTimer = null;
  }
}
