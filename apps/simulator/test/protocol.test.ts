import { describe, expect, it } from 'vitest';
import {
  buildCommand,
  deviceTopic,
  maxPayloadBytes,
  parseDeviceMessage,
  parseDeviceTopic,
  productChangeModels,
  supportedActions,
} from '@sbo/contracts/mqtt';
import { createRandom } from '../src/random';

const bytes = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
const ack = { v: 1, commandId: 'c-1', sentAt: 1_800_000_000_000, ok: false, code: 1710001 };

describe('protocol v1 parsing', () => {
  it('reads the hwid and channel from a topic and rejects anything else', () => {
    expect(parseDeviceTopic(deviceTopic('AB-0001', 'event'))).toEqual({ hwid: 'AB-0001', channel: 'event' });
    expect(parseDeviceTopic('sbo/v1/dev/AB-0001/telemetry')).toBeNull();
    expect(parseDeviceTopic('sbo/v2/dev/AB-0001/state')).toBeNull();
    expect(parseDeviceTopic('sbo/v1/dev/a b/state')).toBeNull();
  });

  it('accepts a valid acknowledgement and refuses codes outside the catalogue', () => {
    expect(parseDeviceMessage(deviceTopic('AB-1', 'ack'), bytes(ack))).toMatchObject({ ok: true, channel: 'ack' });
    expect(parseDeviceMessage(deviceTopic('AB-1', 'ack'), bytes({ ...ack, code: 4242 }))).toMatchObject({
      ok: false,
      reason: 'schema',
    });
  });

  it('refuses oversized and malformed payloads before parsing them', () => {
    const huge = JSON.stringify({ ...ack, detail: 'x'.repeat(maxPayloadBytes.ack) });
    expect(parseDeviceMessage(deviceTopic('AB-1', 'ack'), bytes(huge))).toMatchObject({ ok: false, reason: 'size' });
    expect(parseDeviceMessage(deviceTopic('AB-1', 'ack'), bytes('{not json'))).toMatchObject({
      ok: false,
      reason: 'json',
    });
  });

  it('refuses an error event whose code is not a device fault code', () => {
    const event = {
      v: 1,
      eventId: 'b-1',
      occurredAt: 1_800_000_000_000,
      sentAt: 1_800_000_000_000,
      kind: 'error',
      code: 1105001,
    };
    expect(parseDeviceMessage(deviceTopic('AB-1', 'event'), bytes(event))).toMatchObject({
      ok: false,
      reason: 'schema',
    });
    expect(parseDeviceMessage(deviceTopic('AB-1', 'event'), bytes({ ...event, code: 16091058 }))).toMatchObject({
      ok: true,
    });
  });

  it('builds commands that expire after the acknowledgement timeout', () => {
    const command = buildCommand('dispenseCoins', { amount: 5000 }, { commandId: 'k-1', now: 1_800_000_000_000 });
    expect(command).toMatchObject({ action: 'dispenseCoins', params: { amount: 5000 }, expiresAt: 1_800_000_015_000 });
    expect(parseDeviceMessage(deviceTopic('AB-1', 'cmd'), bytes(command))).toMatchObject({ ok: true, channel: 'cmd' });
  });
});

describe('actions by model', () => {
  it('gives washers no drying and dryers no washing actions', () => {
    expect(supportedActions('washer', 'AB3')).not.toContain('extendDrying');
    expect(supportedActions('dryer', 'AB3')).not.toContain('startDrumClean');
    expect(supportedActions('dryer', 'AB3')).toContain('extendDrying');
    expect(supportedActions('washer', 'AY')).not.toContain('pauseCycle');
    expect(supportedActions('coinChanger', 'MC1')).toContain('dispenseCoins');
    expect(supportedActions('washer', 'XX9')).toEqual([]);
    expect(productChangeModels).toEqual(['AB3', 'AB2', 'AY']);
  });
});

describe('seeded randomness', () => {
  it('repeats choices for a seed and differs across seeds', () => {
    const draw = (seed: string) => Array.from({ length: 5 }, createRandom(seed).next);
    expect(draw('a')).toEqual(draw('a'));
    expect(draw('a')).not.toEqual(draw('b'));
  });
});
