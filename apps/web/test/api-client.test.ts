import { apiRoutes } from '@sbo/contracts/api/routes';
import { beforeEach, describe, expect, it } from 'vitest';
import { callApi, configureApiClient } from '../src/lib/api-client';
import { ApiError, RequestCancelledError } from '../src/lib/api-errors';
import { clearMerchantSession } from '../src/lib/auth-storage';
import { i18n } from '../src/lib/i18n';
import { installFakeUi } from './fake-ui';
import { sampleDevice, sampleMerchant } from './samples-api';
import { json, useTestApi } from './test-server';

const server = useTestApi();
let ui: ReturnType<typeof installFakeUi>;
beforeEach(() => {
  ui = installFakeUi();
});

describe('callApi: the request', () => {
  it('takes method, path and token from the contract, with tz and timestamp, and resolves with result', async () => {
    server.answer((_request, response) => json(response, 200, { result: [sampleMerchant()] }));
    const before = Date.now();
    await expect(callApi(apiRoutes.merchantList)).resolves.toEqual([sampleMerchant()]);
    const [request] = server.requests;
    expect(request?.method).toBe('GET');
    expect(request?.url.pathname).toBe('/api/v1/merchant/list');
    expect(request?.headers.authorization).toBe('Bearer login-token');
    // The merchant of the session (the sample's Asia/Taipei): days the api reads are the merchant's.
    expect(request?.url.searchParams.get('tz')).toBe('Asia/Taipei');
    expect(Number(request?.url.searchParams.get('timestamp'))).toBeGreaterThanOrEqual(before);
  });

  it('fills the path parameters and carries the merchant token for a merchant endpoint', async () => {
    server.answer((_request, response) => json(response, 200, { result: { commandId: 'c', action: 'a', logId: 1 } }));
    await callApi(apiRoutes.deviceRemote, { params: { id: 42 }, body: { action: 'clearError' } });
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url.pathname).toBe('/api/v1/device-cloud/42/remote');
    expect(request?.headers.authorization).toBe('Bearer merchant-token');
    expect(JSON.parse(request?.body ?? '')).toEqual({ action: 'clearError' });
  });

  it("keeps a caller's tz, so days are read in the merchant's zone rather than the browser's", async () => {
    server.answer((_request, response) =>
      json(response, 200, { result: { items: [], total: 0, page: 1, pageSize: 20 } }),
    );
    await callApi(apiRoutes.deviceList, { query: { tz: 'Asia/Bangkok', page: 1 } as never });
    const [request] = server.requests;
    expect(request?.url.searchParams.getAll('tz')).toEqual(['Asia/Bangkok']);
  });

  it("sends the browser's zone as tz only without a merchant session", async () => {
    clearMerchantSession();
    server.answer((_request, response) => json(response, 200, { result: [sampleMerchant()] }));
    await callApi(apiRoutes.merchantList);
    expect(server.requests[0]?.url.searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('carries no token for a public endpoint', async () => {
    server.answer((_request, response) => json(response, 478, { code: 10001, message: 'bad keyring' }));
    await callApi(apiRoutes.ssoReplacement, { query: { keyring: 'abc' }, errors: 'silent' } as never).catch(() => null);
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expect(server.requests[0]?.url.searchParams.get('keyring')).toBe('abc');
  });

  it('fails, and tells the user, when an answer does not match its contract', async () => {
    const drifted = { ...sampleDevice(1), online: 'yes' };
    server.answer((_request, response) =>
      json(response, 200, { result: { items: [drifted], total: 1, page: 1, pageSize: 20 } }),
    );
    const failure = await callApi(apiRoutes.deviceList).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 200, message: i18n.t('api.genericError') });
  });
});

describe('callApi: a second in-flight request to the same URL', () => {
  it('cancels the first, which rejects with a cancellation, while the second succeeds', async () => {
    let calls = 0;
    server.answer((_request, response) => {
      calls += 1;
      const answer = calls;
      const page = { items: [sampleDevice(answer)], total: 1, page: 1, pageSize: 20 };
      setTimeout(() => json(response, 200, { result: page }), 150);
    });
    const first = callApi(apiRoutes.deviceList, { query: { page: 1 } });
    const second = callApi(apiRoutes.deviceList, { query: { page: 1 } });
    await expect(first).rejects.toBeInstanceOf(RequestCancelledError);
    // The second gets the last answer the server gave: the first may be cancelled before it is sent
    // (Node 24's fetch) or after (Node 20's), so the server heard one request or two.
    const answered = await second;
    expect(answered).toMatchObject({ items: [{ id: calls }] });
    expect(ui.dialogs).toHaveLength(0);
  });

  it('leaves requests to other addresses or with other queries alone', async () => {
    server.answer((_request, response) => {
      setTimeout(() => json(response, 200, { result: { commandId: 'c', action: 'a', logId: 1 } }), 50);
    });
    const results = await Promise.all([
      callApi(apiRoutes.banknoteReset, { params: { id: 1 } }),
      callApi(apiRoutes.banknoteReset, { params: { id: 2 } }),
      callApi(apiRoutes.deviceRemote, { params: { id: 1 }, body: { action: 'clearError' } }),
      callApi(apiRoutes.deviceRemote, { params: { id: 2 }, body: { action: 'clearError' } }),
    ]);
    expect(results).toHaveLength(4);
  });
});

describe('callApi: failures', () => {
  it('turns a timeout into code 478 "connection timeout"', async () => {
    server.answer((_request, response) => {
      setTimeout(() => json(response, 200, { result: 1 }), 500);
    });
    const failure = await callApi(apiRoutes.merchantInfo, { timeoutMs: 50 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      code: 478,
      message: `478 - ${i18n.t('error.478', { defaultValue: 'Connection timeout.' })}`,
    });
    expect(ui.dialogs[0]?.type).toBe('error');
  });

  it('reads code and message of an HTTP 478 from the body, translated when a text exists', async () => {
    i18n.addResource('en', 'translation', 'error.1103001', 'The query interval cannot exceed three months.');
    server.answer((_request, response) => json(response, 478, { code: 1103001, message: 'range too long' }));
    await expect(callApi(apiRoutes.transactionList)).rejects.toMatchObject({
      code: 1103001,
      message: '1103001 - The query interval cannot exceed three months.',
    });
    expect(ui.dialogs[0]?.content).toBe('1103001 - The query interval cannot exceed three months.');
  });

  it("falls back to the server's message for a code without a text", async () => {
    server.answer((_request, response) => json(response, 478, { code: 9999001, message: 'Something specific' }));
    await expect(callApi(apiRoutes.merchantInfo)).rejects.toMatchObject({ message: '9999001 - Something specific' });
  });

  it('shows the message and the field details of a 400', async () => {
    server.answer((_request, response) =>
      json(response, 400, {
        code: 400,
        message: 'invalid',
        details: [{ path: 'adminEmail', message: 'Invalid email' }],
      }),
    );
    const failure = await callApi(apiRoutes.merchantInfoUpdate, { body: {} as never }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 400, details: [{ path: 'adminEmail', message: 'Invalid email' }] });
    expect(String(ui.dialogs[0]?.content)).toContain('adminEmail: Invalid email');
  });

  it('shows the generic text for any other status', async () => {
    server.answer((_request, response) => json(response, 502, { anything: true }));
    await expect(callApi(apiRoutes.merchantInfo)).rejects.toMatchObject({
      code: 502,
      message: `502 - ${i18n.t('api.genericError')}`,
    });
  });

  it('shows the network error text when the server cannot be reached', async () => {
    configureApiClient({ baseUrl: 'http://127.0.0.1:9/api/v1' });
    try {
      await expect(callApi(apiRoutes.merchantInfo)).rejects.toMatchObject({
        code: null,
        message: i18n.t('api.networkError'),
      });
    } finally {
      configureApiClient({ baseUrl: server.baseUrl });
    }
  });

  it('leaves an ordinary failure to the caller when asked to be silent', async () => {
    server.answer((_request, response) => json(response, 478, { code: 1105001, message: 'invalid place' }));
    await expect(callApi(apiRoutes.merchantInfo, { errors: 'silent' })).rejects.toBeInstanceOf(ApiError);
    expect(ui.dialogs).toHaveLength(0);
  });
});
