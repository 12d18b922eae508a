import { beforeEach, describe, expect, it } from 'vitest';
import { savePaymentCredentials } from '../src/features/admin/api/payment-credentials';
import { confirmReplacement } from '../src/features/admin/utils/credentials';
import { installFakeUi } from './fake-ui';
import { json, useTestApi } from './test-server';

const api = useTestApi();
let ui: ReturnType<typeof installFakeUi>;
beforeEach(() => {
  ui = installFakeUi();
});

describe("a merchant's payment-provider credentials", () => {
  it('are set the first time without a confirmation', async () => {
    await expect(confirmReplacement('linePay', { set: false, channelId: null })).resolves.toBe(true);
    expect(ui.dialogs).toEqual([]);
  });

  it('ask before replacing set ones, naming the provider and the channel id in use', async () => {
    await expect(confirmReplacement('linePay', { set: true, channelId: 'ch_1234' })).resolves.toBe(true);
    expect(ui.dialogs).toHaveLength(1);
    expect(ui.dialogs[0]).toMatchObject({ title: 'Replace the LINE Pay credentials?', cancel: true });
    expect(ui.dialogs[0]!.content).toContain('channel ID ch_1234');
  });

  it('are sent to the provider address; the answer carries no secret', async () => {
    const state = { provider: 'linePay', set: true, channelId: 'ch_1234', updatedAt: '2025-01-02T03:04:05.000Z' };
    api.answer((_request, response) => json(response, 200, { result: state }));
    await expect(
      savePaymentCredentials('linePay', { channelId: 'ch_1234', channelSecret: 'secret-value' }),
    ).resolves.toEqual(state);
    const [request] = api.requests;
    expect(request!.method).toBe('PUT');
    expect(request!.url.pathname).toBe('/api/v1/admin/merchant/payment-credentials/linePay');
    expect(JSON.parse(request!.body)).toEqual({ channelId: 'ch_1234', channelSecret: 'secret-value' });
  });
});
