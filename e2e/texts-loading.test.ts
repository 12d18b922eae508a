import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { demo, pickMerchant, signIn } from './support/sign-in';

// The first screen carries only the shell's and the error texts; the feature areas' texts, merged at build
// time into one file per language (apps/web/text-bundles.ts), arrive with the first screen behind sign-in,
// and follow a language switch from there.
type Manifest = Record<string, { file: string }>;
const manifest = JSON.parse(
  readFileSync(new URL('../apps/web/dist/.vite/manifest.json', import.meta.url), 'utf8'),
) as Manifest;
const areaTextFiles = (language: string): string[] =>
  Object.entries(manifest)
    .filter(([source]) => source === `virtual:text-bundles/texts-areas-${language}`)
    .map(([, chunk]) => chunk.file);
const dashboardTexts = (language: string) =>
  JSON.parse(readFileSync(new URL(`../apps/web/src/locales/dashboard/${language}.json`, import.meta.url), 'utf8'))
    .dashboard as { machines: { title: string } };

let browser: Browser;
let context: BrowserContext;
let page: Page;
const requested: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await openPage(browser, { language: 'en' }));
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

const fetched = (files: readonly string[]) => files.filter((file) => requested.some((path) => path.endsWith(file)));

describe('loading the texts', () => {
  it('leaves the areas out of sign-in and the merchant pick, and brings them with the manager centre', async () => {
    const english = areaTextFiles('en');
    // One file holds every area's texts of a language.
    expect(english).toHaveLength(1);

    await signIn(page, demo.owner);
    expect(fetched(english)).toEqual([]);

    await pickMerchant(page, 'Sunny Laundry Co.');
    await page.getByText(dashboardTexts('en').machines.title, { exact: true }).first().waitFor();
    expect(fetched(english)).toEqual(english);
  });

  it('brings the areas of the language switched to, so the screen shows no raw keys', async () => {
    await page.getByTestId('language-select').selectOption('th');
    await page.getByText(dashboardTexts('th').machines.title, { exact: true }).first().waitFor();
    expect(fetched(areaTextFiles('th'))).toEqual(areaTextFiles('th'));
    expect(await page.locator('main').innerText()).not.toMatch(/\bdashboard\.[a-z]/);
  });
});
