import { afterEach, describe, expect, it } from 'vitest';
import { confirmThen } from '../src/lib/confirm-then';
import { registerMessageHost, type MessageOptions } from '../src/lib/messages';

/** Stands in for the mounted message host: answers every dialog with `answer`, records what happens in order. */
function hostAnswering(answer: boolean) {
  const events: string[] = [];
  const dialogs: MessageOptions[] = [];
  registerMessageHost({
    showMessage: async (options) => {
      dialogs.push(options);
      events.push('asked');
      return answer;
    },
    notify: (kind, type, content) => void events.push(`${kind} ${type} ${String(content)}`),
  });
  return { events, dialogs };
}

afterEach(() => registerMessageHost(null));

describe('confirmThen', () => {
  it('asks with OK and Cancel, makes the change once confirmed, then says it is done', async () => {
    const { events, dialogs } = hostAnswering(true);
    const done = await confirmThen(
      { title: 'Refund', content: 'Refund 12.00?' },
      async () => void events.push('changed'),
      'Refunded',
    );
    expect(done).toBe(true);
    expect(dialogs).toEqual([{ title: 'Refund', content: 'Refund 12.00?', cancel: true, type: 'info' }]);
    expect(events).toEqual(['asked', 'changed', 'toast success Refunded']);
  });

  it('changes nothing and says nothing when cancelled', async () => {
    const { events } = hostAnswering(false);
    const done = await confirmThen(
      { title: 'Drop', content: 'Drop the trip?' },
      async () => {
        events.push('changed');
      },
      'Dropped',
    );
    expect(done).toBe(false);
    expect(events).toEqual(['asked']);
  });

  it('passes a failed change on and does not say it is done', async () => {
    const { events } = hostAnswering(true);
    const failure = new Error('refused');
    await expect(
      confirmThen({ title: 'Cancel card', content: 'Cancel?' }, () => Promise.reject(failure), 'Cancelled'),
    ).rejects.toBe(failure);
    expect(events).toEqual(['asked']);
  });
});
