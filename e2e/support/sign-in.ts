import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The demo accounts the product seeds on an empty database (its start-up banner lists them). */
export const demo = {
  owner: 'demo@example.com',
  manager: 'manager@example.com',
  storeManager: 'store@example.com',
  password: 'demo1234',
};

/** Fills the sign-in service's own page (any language: fields are found by name). */
export async function fillSignInPage(page: Page, email: string, password: string): Promise<void> {
  await page.waitForURL(/\/sso\/interaction\//);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('button[type=submit]').click();
}

/** From a signed-out page to the merchant pick. */
export async function signIn(page: Page, email: string, path = '/merchant-login'): Promise<void> {
  await page.goto(path);
  await fillSignInPage(page, email, demo.password);
  await page.waitForURL(/\/merchant-login/);
  await page.getByTestId('merchant-card').first().waitFor();
}

/** Picks the merchant whose card shows this name, and waits for the shell. */
export async function pickMerchant(page: Page, companyName: string | RegExp): Promise<void> {
  await page.getByTestId('merchant-card').filter({ hasText: companyName }).click();
  await page.getByTestId('header-merchant').waitFor();
  expect(page.url()).not.toContain('/merchant-login');
}

export async function storedSession(page: Page) {
  return page.evaluate(() => ({
    login: localStorage.getItem('accessToken'),
    merchant: localStorage.getItem('merchantToken'),
  }));
}
