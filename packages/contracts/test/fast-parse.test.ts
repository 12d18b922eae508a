import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileFastParse, undecided } from '../src/mqtt/fast-parse';
import { messageSchemas, parseDeviceMessage } from '../src/mqtt/messages';
import { idleStateReport } from '../src/mqtt/reports';
import { deviceTopic, type Channel } from '../src/mqtt/topics';

/** What the wire can carry: a value after a trip through JSON. */
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

const washer = idleStateReport({ kind: 'washer', model: 'AB3', firmware: '1.4.2', bootId: 'boot-1', seq: 7 });
const changer = {
  ...idleStateReport({ kind: 'coinChanger', model: 'MC1', firmware: '2.0.0-rc.1', bootId: 'b2', seq: 0 }),
  billAcceptor: [{ denomination: 100, count: 3, amount: 300, usage: 40, ratio: 0.75 }],
  coinDispenser: { remainingAmount: 500, totalAmount: 2000, coinValue: 10 },
  cyclesSinceDrumClean: 3,
  pricesVersion: null,
};
const running = {
  ...washer,
  status: 'operating',
  stage: 'rinsing1',
  dryTemp: 2,
  currentCourse: 'standard',
  remainingSeconds: 900,
  errorCode: 16091006,
};

/** An AB controller reports its settings (a record) with every state. */
const configured = { ...washer, config: { coinValue: 10, doorLock: true, label: 'front', 'dry.minutes': 12 } };
const online = {
  v: 1,
  status: 'online',
  bootId: 'boot-1',
  connId: 'c-1',
  sentAt: 1_800_000_000_000,
  protocol: '1.0',
  kind: 'dryer',
  model: 'AB2',
  machineType: 2,
  firmware: '1.0.0',
};

/** Values a field may be given: edges of every check the schemas make, and anything at all. */
const oddValue = fc.oneof(
  fc.constantFrom(-1, 0, 1, 1.5, 16, 17, 64, 65, 2 ** 53 - 1, 2 ** 53, 1e12, 999_999_999_999, 1e9, 1e9 + 1, 99),
  fc.constantFrom('', 'x', 'a'.repeat(64), 'a'.repeat(65), '1.2', '1.2.3', '1.2.3+x', 'AB3', 'a b', 'é', 'done'),
  fc.constantFrom(null, true, false, [], {}, [1], { a: 1 }),
  fc.constantFrom(
    'washer',
    'dryer',
    'idle',
    'operating',
    'none',
    'spin',
    'offline',
    'lastWill',
    4,
    3,
    16091006,
    1303001,
    1,
  ),
  fc.anything(),
);
const anyKey = fc.oneof(
  fc.constantFrom(...Object.keys(changer), ...Object.keys(online), 'config', 'extra', '__proto__', 'constructor'),
  fc.string({ maxLength: 8 }),
);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A well-formed message changed in a few places: fields set to odd values, removed, or added. */
const mutated = (base: Record<string, unknown>) =>
  fc
    .array(
      fc.oneof(
        fc.record({ set: anyKey, to: oddValue }),
        fc.record({ drop: anyKey }),
        fc.record({ row: fc.constantFrom('denomination', 'count', 'amount', 'usage', 'ratio', 'x'), to: oddValue }),
        fc.record({ dispenser: fc.constantFrom('remainingAmount', 'totalAmount', 'coinValue', 'x'), to: oddValue }),
        fc.record({ setting: fc.constantFrom('coinValue', 'label', '1st', '__proto__', 'a'.repeat(65)), to: oddValue }),
      ),
      { maxLength: 4 },
    )
    .map((changes) => {
      const value: Record<string, unknown> = structuredClone(base);
      for (const change of changes) {
        if ('set' in change) value[change.set] = change.to;
        else if ('drop' in change) delete value[change.drop];
        else if ('row' in change && Array.isArray(value.billAcceptor) && isObject(value.billAcceptor[0]))
          value.billAcceptor[0][change.row] = change.to;
        else if ('dispenser' in change && isObject(value.coinDispenser))
          value.coinDispenser[change.dispenser] = change.to;
      }
      return wire(value);
    });

/** The quick check never says yes where zod says no, and says yes with zod's own output. */
const agreesWithZod = (schema: z.ZodType, quick: (value: unknown) => unknown) => (value: unknown) => {
  const answer = quick(value);
  if (answer === undecided) return;
  const parsed = schema.safeParse(value);
  expect(parsed.success, JSON.stringify(value)).toBe(true);
  expect(answer).toStrictEqual(parsed.data);
};

describe('characters PostgreSQL cannot store', () => {
  const topic = deviceTopic('DEV-1', 'state');
  const withLabel = (label: string) => Buffer.from(JSON.stringify({ ...configured, config: { label } }));
  it('refuses a message with U+0000 or a lone surrogate in any string or key, and keeps a whole pair', () => {
    for (const label of ['a\u0000b', '\uD800', 'x\uDC00', '\uDE00\uD83D']) {
      expect(parseDeviceMessage(topic, withLabel(label))).toMatchObject({ ok: false, reason: 'json' });
    }
    const key = Buffer.from(JSON.stringify({ ...configured, config: { ['k\u0000']: 1 } }));
    expect(parseDeviceMessage(topic, key)).toMatchObject({ ok: false, reason: 'json' });
    expect(parseDeviceMessage(topic, withLabel('wash \uD83D\uDE00'))).toMatchObject({ ok: true });
    // A backslash and "u0000" written out are text, not the character.
    expect(parseDeviceMessage(topic, withLabel('\\u0000'))).toMatchObject({ ok: true });
  });
});

describe('the quick check of device messages (compiled from their schemas)', () => {
  const state = compileFastParse(messageSchemas.state);

  it('answers a well-formed state report itself, with what zod answers', () => {
    for (const report of [washer, changer, running, configured].map(wire)) {
      const answer = state(report);
      expect(answer).not.toBe(undecided);
      expect(answer).toStrictEqual(messageSchemas.state.parse(report));
    }
    // Keys the schema does not know are dropped, as zod drops them.
    expect(state(wire({ ...washer, extra: 1 }))).toStrictEqual(messageSchemas.state.parse(washer));
  });

  it('leaves to zod what it cannot vouch for: a failed check, and a part it does not know', () => {
    for (const bad of [
      { ...washer, machineType: 2 }, // the refinement: the type does not match the kind
      { ...washer, seq: -1 },
      { ...washer, seq: 1.5 },
      { ...washer, sentAt: 999_999_999_999 },
      { ...washer, bootId: 'a b' },
      { ...washer, errorCode: 99 },
      { ...washer, dryTemp: 4 },
      { ...washer, currentCourse: undefined },
      { ...washer, billAcceptor: Array.from({ length: 17 }, () => changer.billAcceptor[0]) },
      { ...washer, config: { '1st': 1 } }, // a setting's name out of its pattern
      { ...washer, config: { label: 'x'.repeat(257) } },
      { ...washer, config: Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`s${i}`, i])) }, // over 64
      [washer],
      null,
    ])
      expect(state(wire(bad))).toBe(undecided);
  });

  it('never disagrees with zod over changed state reports', () => {
    for (const base of [washer, changer, running, configured])
      fc.assert(fc.property(mutated(base), agreesWithZod(messageSchemas.state, state)), { numRuns: 1000 });
  });

  it('answers a machine coming online itself, and never disagrees with zod over changed ones', () => {
    const status = compileFastParse(messageSchemas.status);
    expect(status(wire(online))).toStrictEqual(messageSchemas.status.parse(online));
    expect(status(wire({ ...online, machineType: 3 }))).toBe(undecided);
    fc.assert(fc.property(mutated(online), agreesWithZod(messageSchemas.status, status)), { numRuns: 1000 });
  });

  it('never disagrees with zod over anything at all, on every channel', () => {
    for (const channel of Object.keys(messageSchemas) as Channel[]) {
      const quick = compileFastParse(messageSchemas[channel]);
      fc.assert(fc.property(fc.anything().map(wire), agreesWithZod(messageSchemas[channel], quick)), {
        numRuns: 500,
      });
    }
  });

  it('gives parseDeviceMessage the same answers as zod alone, refusals and their reasons included', () => {
    const topic = deviceTopic('HW-1', 'state');
    const payload = (value: unknown) => Buffer.from(JSON.stringify(value));
    expect(parseDeviceMessage(topic, payload(washer))).toStrictEqual({
      ok: true,
      hwid: 'HW-1',
      channel: 'state',
      message: messageSchemas.state.parse(washer),
    });
    const refused = parseDeviceMessage(topic, payload({ ...washer, seq: -1 }));
    expect(refused).toMatchObject({ ok: false, reason: 'schema', issues: [expect.stringContaining('seq')] });
  });
});
