import { merchantListItem } from '@sbo/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiRequest, configureApiClient } from '../src/lib/api-client';
import { ApiError, RequestCancelledError } from '../src/lib/api-errors';
import { i18n } from '../src/lib/i18n';
import { installFakeUi } from './fake-ui';
import { json, useTestApi } from './test-server';

const server = useTestApi();
let ui: ReturnType<typeof installFakeUi>;
beforeEach(() => {
  ui = installFakeUi();
});

describe('apiRequest: the request', () => {
  it('carries the merchant token by default, with tz and timestamp, and resolves with result', async () => {
    server.answer((_request, response) => json(response, 200, { result: { ok: 1 } }));
    const before = Date.now();
    await expect(apiRequest({ path: 'merchant/info' })).resolves.toEqual({ ok: 1 });
    const [request] = server.requests;
    expect(request?.url.pathname).toBe('/api/v1/merchant/info');
    expect(request?.headers.authorization).toBe('Bearer merchant-token');
    expect(request?.url.searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(Number(request?.url.searchParams.get('timestamp'))).toBeGreaterThanOrEqual(before);
  });

  it("keeps a caller's tz, so days are read in the merchant's zone rather than the browser's", async () => {
    server.answer((_request, response) => json(response, 200, { result: {} }));
    await apiRequest({ path: 'transaction/list', query: { tz: 'Asia/Bangkok', from: '2026-01-01' } });
    const [request] = server.requests;
    expect(request?.url.searchParams.getAll('tz')).toEqual(['Asia/Bangkok']);
  });

  it('carries the login token when the call declares it, and none for a public call', async () => {
    await apiRequest({ path: 'merchant/list', token: 'login' });
    await apiRequest({ path: 'sso/replacement', token: 'public', query: { keyring: 'abc' } });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer login-token');
    expect(server.requests[1]?.headers.authorization).toBeUndefined();
    expect(server.requests[1]?.url.searchParams.get('keyring')).toBe('abc');
  });

  it('sends a JSON body and validates the result with a contracts schema', async () => {
    const merchant = {
      id: 1,
      companyName: 'A',
      country: 'TW',
      currency: 'TWD',
      timezone: 'Asia/Taipei',
      rbacRole: 'merchant',
      suspended: false,
    };
    server.answer((_request, response) => json(response, 200, { result: { ...merchant, extra: true } }));
    const result = await apiRequest({ method: 'PUT', path: 'merchant/info', body: { a: 1 }, schema: merchantListItem });
    expect(result).toEqual(merchant);
    expect(server.requests[0]?.method).toBe('PUT');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ a: 1 });
  });
});

describe('apiRequest: a second in-flight request to the same URL', () => {
  it('cancels the first, which rejects with a cancellation, while the second succeeds', async () => {
    let calls = 0;
    server.answer((_request, response) => {
      calls += 1;
      const answer = calls;
      setTimeout(() => json(response, 200, { result: answer }), 150);
    });
    const first = apiRequest({ path: 'device-cloud/list', query: { page: 1 } });
    const second = apiRequest({ path: 'device-cloud/list', query: { page: 1 } });
    await expect(first).rejects.toBeInstanceOf(RequestCancelledError);
    await expect(second).resolves.toBe(2);
    expect(ui.dialogs).toHaveLength(0);
  });

  it('leaves requests to other addresses or with other queries alone', async () => {
    server.answer((request, response) => {
      setTimeout(() => json(response, 200, { result: request.url.pathname }), 50);
    });
    const results = await Promise.all([
      apiRequest({ path: 'device-cloud/list', query: { page: 1 } }),
      apiRequest({ path: 'device-cloud/list', query: { page: 2 } }),
      apiRequest({ path: 'device-log/list' }),
      apiRequest({ method: 'POST', path: 'device-log/list' }),
    ]);
    expect(results).toHaveLength(4);
  });
});

describe('apiRequest: failures', () => {
  it('turns a timeout into code 478 "connection timeout"', async () => {
    server.answer((_request, response) => {
      setTimeout(() => json(response, 200, { result: 1 }), 500);
    });
    const failure = await apiRequest({ path: 'slow', timeoutMs: 50 }).catch((error: unknown) => error);
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
    await expect(apiRequest({ path: 'transactions' })).rejects.toMatchObject({
      code: 1103001,
      message: '1103001 - The query interval cannot exceed three months.',
    });
    expect(ui.dialogs[0]?.content).toBe('1103001 - The query interval cannot exceed three months.');
  });

  it("falls back to the server's message for a code without a text", async () => {
    server.answer((_request, response) => json(response, 478, { code: 9999001, message: 'Something specific' }));
    await expect(apiRequest({ path: 'x' })).rejects.toMatchObject({ message: '9999001 - Something specific' });
  });

  it('shows the message and the field details of a 400', async () => {
    server.answer((_request, response) =>
      json(response, 400, {
        code: 400,
        message: 'invalid',
        details: [{ path: 'adminEmail', message: 'Invalid email' }],
      }),
    );
    const failure = await apiRequest({ method: 'PUT', path: 'merchant/info' }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 400, details: [{ path: 'adminEmail', message: 'Invalid email' }] });
    expect(String(ui.dialogs[0]?.content)).toContain('adminEmail: Invalid email');
  });

  it('shows the generic text for any other status', async () => {
    server.answer((_request, response) => json(response, 502, { anything: true }));
    await expect(apiRequest({ path: 'x' })).rejects.toMatchObject({
      code: 502,
      message: `502 - ${i18n.t('api.genericError')}`,
    });
  });

  it('shows the network error text when the server cannot be reached', async () => {
    configureApiClient({ baseUrl: 'http://127.0.0.1:9/api/v1' });
    try {
      await expect(apiRequest({ path: 'x' })).rejects.toMatchObject({
        code: null,
        message: i18n.t('api.networkError'),
      });
    } finally {
      configureApiClient({ baseUrl: server.baseUrl });
    }
  });

  it('leaves an ordinary failure to the caller when asked to be silent', async () => {
    server.answer((_request, response) => json(response, 478, { code: 1105001, message: 'invalid place' }));
    await expect(apiRequest({ path: 'x', errors: 'silent' })).rejects.toBeInstanceOf(ApiError);
    expect(ui.dialogs).toHaveLength(0);
  });
});
