import { readFileSync } from 'node:fs';
import { languages } from '@sbo/contracts/constants';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, saveScreenshot } from './support/browser';
import { demo, pickMerchant, restoreSession } from './support/sign-in';

type Texts = { nav: Record<string, string>; screen: Record<string, string> };
const texts = (code: string): Texts =>
  JSON.parse(readFileSync(new URL(`../apps/web/src/locales/${code}.json`, import.meta.url), 'utf8')) as Texts;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await openPage(browser, { language: 'en' }));
  await restoreSession(page, demo.owner);
  await pickMerchant(page, 'Sunny Laundry Co.');
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

describe('languages', () => {
  it('switches through all eight languages from the header, navigation included', async () => {
    for (const { languageCode } of languages) {
      await page.getByTestId('language-select').selectOption(languageCode);
      const { nav, screen } = texts(languageCode);
      await page
        .getByRole('navigation')
        .getByText(nav.devices ?? '', { exact: true })
        .waitFor();
      await page.getByRole('heading', { level: 1, name: screen.dashboard }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(languageCode);
      if (['zh-TW', 'en', 'th', 'ja'].includes(languageCode))
        await saveScreenshot(page, `shell-${languageCode}-desktop`);
    }
  });

  it('keeps the choice across a reload', async () => {
    await page.getByTestId('language-select').selectOption('th');
    await page.reload();
    await page
      .getByRole('navigation')
      .getByText(texts('th').nav.devices ?? '', { exact: true })
      .waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('th');
  });

  it('lists the languages in the order of the spec on the language screen, and switches there', async () => {
    await page.goto('/user/location');
    const radios = page.getByRole('radio');
    await radios.first().waitFor();
    const labels = await page.locator('.language-option-title').allTextContents();
    expect(labels).toEqual(languages.map((language) => language.title));
    await page.getByRole('radio', { name: 'English' }).check();
    await page.getByRole('heading', { level: 1, name: 'Language' }).waitFor();
    await saveScreenshot(page, 'language-screen-en-desktop');
  });
});
