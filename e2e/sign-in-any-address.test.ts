import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, saveScreenshot } from './support/browser';
import { demo, fillSignInPage, pickMerchant } from './support/sign-in';

// A second name for this computer, as a phone on the same network would know it by another address.
const secondHost = 'sbo-second.test';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser([`--host-resolver-rules=MAP ${secondHost} 127.0.0.1`]);
});
afterAll(() => browser.close());

/** The product at another address than PUBLIC_URL (which is http://localhost:<port> here). */
const elsewhere = (host: string, path: string) => `http://${host}:${new URL(baseUrl()).port}${path}`;

describe('signing in from another address than PUBLIC_URL', () => {
  it.each([
    ['127.0.0.1', '/user/location?x=1'],
    [secondHost, '/device?machineType=1'],
  ])('opened at %s, lands signed in on the page asked for (%s) at PUBLIC_URL', async (host, path) => {
    const { page, context } = await openPage(browser, { language: 'en' });
    await page.goto(elsewhere(host, path));
    await fillSignInPage(page, demo.owner, demo.password);
    await page.waitForURL(/\/merchant-login\?redirect=/);
    await pickMerchant(page, 'Sunny Laundry Co.');

    // The screen may add its own defaults to the query; what was asked for is all there.
    const [landed, asked] = [new URL(page.url()), new URL(path, baseUrl())];
    expect(landed.origin).toBe(baseUrl());
    expect(landed.pathname).toBe(asked.pathname);
    for (const [name, value] of asked.searchParams) expect(landed.searchParams.get(name)).toBe(value);
    await page.getByTestId('header-merchant').waitFor();
    await saveScreenshot(page, `sign-in-from-${host === secondHost ? 'second-name' : 'loopback-address'}`);
    await context.close();
  });
});
