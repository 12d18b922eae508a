import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { channels, commandActions, eventKinds, parseDeviceMessage } from '@sbo/contracts/mqtt';

const doc = readFileSync(new URL('../../../docs/device-protocol.md', import.meta.url), 'utf8');
/** Examples are fenced ```json <topic> (one message) or ```jsonl <topic> (one per line), so each parses as what it claims. */
const examples = [...doc.matchAll(/```(json|jsonl) (\S+)\n([\s\S]*?)```/g)].flatMap(([, format, topic, body]) =>
  (format === 'jsonl' ? body!.trim().split('\n') : [body!]).map((message) => ({ topic: topic!, body: message })),
);

describe('docs/device-protocol.md', () => {
  it('has examples that all validate against the contracts schemas', () => {
    expect(examples.length).toBeGreaterThan(20);
    for (const { topic, body } of examples) {
      const parsed = parseDeviceMessage(topic, new TextEncoder().encode(body));
      expect(parsed, `${topic}\n${body}`).toMatchObject({ ok: true });
    }
  });

  it('shows every channel, every event kind and every command action', () => {
    const parsed = examples.map(({ topic, body }) => parseDeviceMessage(topic, new TextEncoder().encode(body)));
    expect(new Set(parsed.map((p) => p.channel))).toEqual(new Set(channels));
    const kinds = new Set(parsed.flatMap((p) => (p.ok && p.channel === 'event' ? [p.message.kind] : [])));
    expect(kinds).toEqual(new Set(eventKinds));
    const actions = new Set(parsed.flatMap((p) => (p.ok && p.channel === 'cmd' ? [p.message.action] : [])));
    expect(actions).toEqual(new Set(commandActions));
  });
});
