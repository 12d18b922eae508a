import { signOutCodes } from '@sbo/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { callApi } from '../src/lib/api-client';
import { getLoginToken, getMerchantProfile, getMerchantToken } from '../src/lib/auth-storage';
import { installFakeUi } from './fake-ui';
import { json, useTestApi } from './test-server';

const server = useTestApi();
let ui: ReturnType<typeof installFakeUi>;
beforeEach(() => {
  ui = installFakeUi();
});

describe('callApi: a dead sign-in', () => {
  it('answers HTTP 401 with a message, then removes both tokens and returns to user-login', async () => {
    server.answer((_request, response) => json(response, 401, { code: 401, message: 'expired' }));
    await expect(callApi(apiRoutes.merchantInfo)).rejects.toMatchObject({ code: 401, status: 401 });
    expect(ui.dialogs).toHaveLength(1);
    expect(String(ui.dialogs[0]?.content)).toMatch(/^401 - /);
    expect(getLoginToken()).toBeNull();
    expect(getMerchantToken()).toBeNull();
    expect(getMerchantProfile()).toBeNull();
    expect(ui.navigations).toEqual(['/user-login']);
  });

  it.each(signOutCodes.filter((code) => code !== 401))('signs out after confirming code %i', async (code) => {
    server.answer((_request, response) => json(response, 478, { code, message: 'session over' }));
    await expect(callApi(apiRoutes.merchantInfo, { errors: 'silent' })).rejects.toMatchObject({ code });
    expect(ui.dialogs).toHaveLength(1);
    expect(getLoginToken()).toBeNull();
    expect(getMerchantToken()).toBeNull();
    expect(ui.navigations).toEqual(['/user-login']);
  });

  it('asks once when several calls fail together', async () => {
    server.answer((_request, response) => json(response, 401, { code: 401, message: 'expired' }));
    const calls = [apiRoutes.merchantInfo, apiRoutes.deviceList, apiRoutes.placeList].map((route) =>
      callApi(route).catch(() => undefined),
    );
    await Promise.all(calls);
    expect(ui.dialogs).toHaveLength(1);
  });

  it('keeps the sign-in for other business errors', async () => {
    server.answer((_request, response) => json(response, 478, { code: 10001, message: 'bad keyring' }));
    await expect(callApi(apiRoutes.merchantInfo)).rejects.toMatchObject({ code: 10001 });
    expect(getLoginToken()).toBe('login-token');
    expect(ui.navigations).toEqual([]);
  });
});

describe('callApi: a suspended membership (1104015)', () => {
  it('clears only the merchant token and returns to merchant-login after the message', async () => {
    server.answer((_request, response) => json(response, 478, { code: 1104015, message: 'suspended' }));
    await expect(callApi(apiRoutes.deviceList)).rejects.toMatchObject({ code: 1104015 });
    expect(ui.dialogs).toHaveLength(1);
    expect(getMerchantToken()).toBeNull();
    expect(getLoginToken()).toBe('login-token');
    expect(ui.navigations).toEqual(['/merchant-login']);
  });
});
