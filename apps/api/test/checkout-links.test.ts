import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutLinks } from '@sbo/contracts/schemas/checkout-links';
import { createTestApp, createTestDatabase, type TestContext } from './helpers/test-app';

const settings = {
  MB_APP_URL: 'https://mb.example.com/pay',
  MB_BRAND: 'mb-laundry',
  PLACE_STATUS_URL: 'https://status.example.com/place',
  PLACE_STATUS_VERSION: '2',
};

let configured: TestContext;
let bare: TestContext;
beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  [configured, bare] = await Promise.all([
    createTestApp(settings, undefined, { databaseUrl }),
    createTestApp({}, undefined, { databaseUrl }),
  ]);
});
afterAll(async () => {
  await configured.close();
  await bare.close();
});

describe('GET /checkout/links', () => {
  it('answers the configured external addresses without a token', async () => {
    const response = await configured.app.inject({ url: '/api/v1/checkout/links' });
    expect(response.statusCode).toBe(200);
    expect(checkoutLinks.parse(response.json().result)).toEqual({
      mbAppUrl: 'https://mb.example.com/pay',
      mbBrand: 'mb-laundry',
      placeStatusUrl: 'https://status.example.com/place',
      placeStatusVersion: '2',
    });
  });

  it('answers null for every address that is not set up', async () => {
    const response = await bare.app.inject({ url: '/api/v1/checkout/links' });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual({
      mbAppUrl: null,
      mbBrand: null,
      placeStatusUrl: null,
      placeStatusVersion: null,
    });
  });
});
