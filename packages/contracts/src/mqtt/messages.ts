/** Every channel's schema, and the one parser of a device message the gateway, devices and tests share. */
import type { z } from 'zod';
import { cardRequest, cardResult } from './cards';
import { commandAck, deviceCommand } from './commands';
import { deviceEvent } from './events';
import { compileFastParse, undecided } from './fast-parse';
import { stateReport, statusMessage } from './reports';
import { maxPayloadBytes, parseDeviceTopic, type Channel } from './topics';

export const messageSchemas = {
  status: statusMessage,
  state: stateReport,
  event: deviceEvent,
  cmd: deviceCommand,
  ack: commandAck,
  card: cardRequest,
  cardResult,
} as const;
export type MessageOf<C extends Channel> = z.infer<(typeof messageSchemas)[C]>;
export type DeviceMessage = { [C in Channel]: { hwid: string; channel: C; message: MessageOf<C> } }[Channel];
export type ParseFailure = {
  hwid?: string;
  channel?: Channel;
  reason: 'topic' | 'size' | 'json' | 'schema';
  issues?: string[];
};

/** One decoder for every message (making one per message showed in the gateway's CPU profile). */
const utf8 = new TextDecoder();

/** Each channel's quick check (`fast-parse.ts`), compiled from its schema on its first message. */
const fastParsers: { [C in Channel]?: (value: unknown) => MessageOf<C> | typeof undecided } = {};
const fastParse = <C extends Channel>(channel: C, json: unknown): MessageOf<C> | typeof undecided => {
  const parse = (fastParsers[channel] ??= compileFastParse(messageSchemas[channel]) as (typeof fastParsers)[C]);
  return parse!(json);
};

/** U+0000, or half of a surrogate pair: JSON allows both as escapes, PostgreSQL's jsonb refuses them. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (text: string): boolean => text.includes('\u0000') || loneSurrogate.test(text);
const holdsUnstorable = (value: unknown): boolean => {
  if (typeof value === 'string') return unstorable(value);
  if (Array.isArray(value)) return value.some(holdsUnstorable);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => unstorable(key) || holdsUnstorable(inner));
  }
  return false;
};

/** Topic, size, JSON and schema checks in one place, for the gateway, devices and tests alike. */
export const parseDeviceMessage = (
  topic: string,
  payload: Uint8Array,
): ({ ok: true } & DeviceMessage) | ({ ok: false } & ParseFailure) => {
  const address = parseDeviceTopic(topic);
  if (!address) return { ok: false, reason: 'topic' };
  if (payload.byteLength > maxPayloadBytes[address.channel]) return { ok: false, ...address, reason: 'size' };
  let json: unknown;
  let text: string;
  try {
    text = utf8.decode(payload);
    json = JSON.parse(text);
  } catch {
    return { ok: false, ...address, reason: 'json' };
  }
  // Such a character can only come as a \u escape (decoding the bytes replaces anything malformed), so
  // the walk runs only for a message that has one. Stored, it would fail the whole batch it went with:
  // one device could keep every other machine's reports out of the database.
  if (text.includes('\\u') && holdsUnstorable(json)) {
    return { ok: false, ...address, reason: 'json', issues: ['a string holds U+0000 or a lone surrogate'] };
  }
  // The common case, a well-formed message, answered by the quick check; anything else by zod.
  const quick = fastParse(address.channel, json);
  if (quick !== undecided) return { ok: true, ...address, message: quick } as { ok: true } & DeviceMessage;
  const parsed = messageSchemas[address.channel].safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      ...address,
      reason: 'schema',
      issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    };
  }
  return { ok: true, ...address, message: parsed.data } as { ok: true } & DeviceMessage;
};
