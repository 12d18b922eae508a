import { describe, expect, it } from 'vitest';
import { fetchCheckoutLinks } from '../src/features/checkout/api/checkout-links';
import { json, useTestApi } from './test-server';

const api = useTestApi();

describe('the checkout links call', () => {
  it('reads the external links, set or not', async () => {
    const unset = { mbAppUrl: null, mbBrand: null, placeStatusUrl: null, placeStatusVersion: null };
    api.answer((_request, response) => json(response, 200, { result: unset }));
    await expect(fetchCheckoutLinks()).resolves.toEqual(unset);
    expect(api.requests[0]?.url.pathname).toBe('/api/v1/checkout/links');
  });
});
