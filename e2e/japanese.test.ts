import { readdirSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, phone, saveScreenshot } from './support/browser';
import { demo, fillSignInPage, pickMerchant, restoreSession } from './support/sign-in';

type Tree = { [key: string]: string | Tree };
const locales = new URL('../apps/web/src/locales/', import.meta.url);
const readTree = (file: string): Tree => JSON.parse(readFileSync(new URL(file, locales), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into.set(`${prefix}${key}`, value);
    else flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

/**
 * Every interface text of a language, shell and feature folders together, by key; then the consumer
 * pages' flat texts (src/consumer/locales, `{name}` placeholders written as the back office's `{{name}}`).
 */
function allTexts(code: string): Map<string, string> {
  const texts = flatten(readTree(`${code}.json`));
  for (const entry of readdirSync(locales, { withFileTypes: true })) {
    if (entry.isDirectory()) flatten(readTree(`${entry.name}/${code}.json`), '', texts);
  }
  const consumer = readTree(`../consumer/locales/${code}.json`) as Record<string, string>;
  for (const [key, text] of Object.entries(consumer))
    if (!texts.has(key)) texts.set(key, text.replace(/\{(\w+)\}/g, '{{$1}}'));
  return texts;
}

const english = allTexts('en');
const japanese = allTexts('ja');
const ja = (key: string): string => {
  const text = japanese.get(key);
  if (!text) throw new Error(`no Japanese text for ${key}`);
  return text;
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * The English texts that must not show once the interface is Japanese: each English value that reads
 * as English words (not a brand or an abbreviation Japanese keeps, like OK or CSV), as a whole line, with
 * any {{placeholder}} standing for whatever was filled in. antd's own English (pagination, empty tables,
 * pickers) is added, so a missing antd ja_JP locale is caught too.
 */
const englishLines: RegExp[] = [
  ...[...english]
    .filter(([key, text]) => japanese.get(key) !== text && /[a-z]{3}/i.test(text.replace(/\{\{[^}]+\}\}/g, '')))
    .map(
      ([, text]) =>
        new RegExp(
          `^${text
            .split(/\{\{[^}]+\}\}/)
            .map(escape)
            .join('.+')}$`,
        ),
    ),
  /^No data$/,
  /^\d+ \/ page$/,
  /^Go to$/,
  /^Select date$/,
  /^Start date$/,
  /^End date$/,
];

/**
 * The demo merchant's own names for some of its machines and product templates: its data, which stays as
 * the merchant typed it, not interface text (that they match an English machine-type label is chance).
 */
const merchantData = new Set(['Basic wash', 'Coin changer', 'Water station']);

/** The lines of the visible page (header, menu and screen) that are an English interface text. */
async function englishOnScreen(page: Page, data: ReadonlySet<string> = merchantData): Promise<string[]> {
  const lines = await page.evaluate(() => {
    const seen = document.body.innerText.split(/[\n\t]/);
    const labelled = Array.from(document.querySelectorAll('[aria-label], [placeholder], [title]'))
      .filter((element) => (element as HTMLElement).offsetParent !== null)
      .flatMap((element) => ['aria-label', 'placeholder', 'title'].map((name) => element.getAttribute(name) ?? ''));
    return [...seen, ...labelled].map((line) => line.trim()).filter(Boolean);
  });
  return [...new Set(lines.filter((line) => !data.has(line) && englishLines.some((pattern) => pattern.test(line))))];
}

/** No English line, allowing a moment for a status that shows while live data comes in. */
async function noEnglish(page: Page, data: ReadonlySet<string> = merchantData): Promise<void> {
  await expect.poll(() => englishOnScreen(page, data)).toEqual([]);
}

/** Waits until the screen's data is in: no spinner and no skeleton left. */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(() => page.locator('.ant-spin-spinning, .ant-skeleton-active').count(), { timeout: 60_000 })
    .toBe(0);
}

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await openPage(browser, { language: 'ja' }));
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

describe('the whole interface in Japanese', () => {
  it('signs in through Japanese sign-in pages', async () => {
    await page.goto('/merchant-login');
    await page.waitForURL(/\/sso\/interaction\//);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    await page.getByRole('heading', { level: 1, name: 'ログイン' }).waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(/Sign in|Password|Email/);
    await saveScreenshot(page, 'ja-sign-in-desktop');
    await fillSignInPage(page, demo.owner, demo.password);
    await page.waitForURL(/\/merchant-login/);
    await page.getByTestId('merchant-card').first().waitFor();
    await noEnglish(page);
    await saveScreenshot(page, 'ja-merchant-pick-desktop');
    await pickMerchant(page, 'Sunny Laundry Co.');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
  });

  // The main screens, each with what proves its data (and its dates) came in.
  const screens: { path: string; title: string; ready: (page: Page) => Promise<void>; shot: string }[] = [
    {
      path: '/dashboard',
      title: 'screen.dashboard',
      ready: (p) => p.getByTestId('recent-transactions').waitFor(),
      shot: 'dashboard',
    },
    {
      path: '/device',
      title: 'screen.deviceList',
      ready: (p) => p.locator('.device-row').first().waitFor(),
      shot: 'devices',
    },
    {
      path: '/dashboard/transaction-record?range=threeMonths',
      title: 'screen.transactionRecord',
      ready: (p) => p.getByTestId('transaction-table').locator('tbody tr.ant-table-row').first().waitFor(),
      shot: 'records',
    },
    {
      path: '/dashboard/revenue-statistics?range=threeMonths',
      title: 'screen.revenueStatistics',
      ready: (p) => p.getByTestId('statistics-summary').waitFor(),
      shot: 'statistics',
    },
    {
      path: '/device-log?range=threeMonths',
      title: 'screen.deviceLog',
      ready: () => Promise.resolve(),
      shot: 'device-log',
    },
    {
      path: '/user/wallet/withdraw',
      title: 'screen.walletWithdraw',
      ready: (p) => p.getByTestId('withdrawable').waitFor(),
      shot: 'wallet',
    },
    {
      path: '/user/wallet/withdraw-record',
      title: 'screen.withdrawRecord',
      ready: () => Promise.resolve(),
      shot: 'withdraw-records',
    },
    {
      path: '/vip-card/list',
      title: 'screen.vipCardList',
      ready: (p) => p.locator('[data-testid=card-list-table], [data-testid=card-list-cards]').first().waitFor(),
      shot: 'cards',
    },
    {
      path: '/vip-card/transaction-record',
      title: 'screen.vipCardTransactionRecord',
      ready: () => Promise.resolve(),
      shot: 'card-records',
    },
    {
      path: '/promotion',
      title: 'screen.promotionList',
      ready: (p) => p.locator('[data-testid=promotion-table], [data-testid=promotion-cards]').first().waitFor(),
      shot: 'promotions',
    },
    {
      path: '/user/member',
      title: 'screen.memberList',
      ready: (p) => p.getByTestId('member-row').first().waitFor(),
      shot: 'staff',
    },
    { path: '/user/place', title: 'screen.placeList', ready: () => Promise.resolve(), shot: 'places' },
    { path: '/product', title: 'screen.productList', ready: () => Promise.resolve(), shot: 'products' },
    { path: '/user/profile', title: 'screen.profile', ready: () => Promise.resolve(), shot: 'profile' },
    { path: '/user/audit', title: 'screen.auditLog', ready: () => Promise.resolve(), shot: 'audit' },
  ];

  it.each(screens)('shows $path with Japanese texts and no English', async ({ path, title, ready, shot }) => {
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: ja(title) }).waitFor();
    await ready(page);
    await settled(page);
    // The menu is Japanese on every screen.
    await page.getByRole('navigation').getByText(ja('nav.devices'), { exact: true }).first().waitFor();
    await saveScreenshot(page, `ja-${shot}-desktop`);
    await noEnglish(page);
  });

  it('writes dates the Japanese way and amounts with the NT$ symbol everywhere', async () => {
    await page.goto('/dashboard/transaction-record?range=threeMonths');
    const table = page.getByTestId('transaction-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    // Intl's ja-JP medium date: 2026/11/24.
    expect(await table.locator('tbody').innerText()).toMatch(/\d{4}\/\d{1,2}\/\d{1,2}/);

    await page.goto('/dashboard/revenue-statistics?range=threeMonths');
    const summary = page.getByTestId('statistics-summary');
    await summary.waitFor();
    const compact = await summary.locator('dd span[aria-hidden]').allInnerTexts();
    expect(compact.length).toBeGreaterThan(0);
    expect(compact.join(' ')).not.toContain('TWD');
    expect(compact[0]).toMatch(/^-?NT\$[\d.]+[KMBT]?$/);
  });

  it("explains the custom range's three-month limit in Japanese, naming the last end day", async () => {
    await page.goto('/dashboard/transaction-record?range=today');
    await page.getByRole('combobox', { name: ja('sales.range.label') }).click();
    await page.locator(`.ant-select-item-option[title="${ja('sales.range.custom')}"]`).click();
    await page.waitForURL(/range=custom&from=\d{4}-\d{2}-\d{2}&to=/);
    const picker = page.locator('.ant-picker-range');
    await picker.waitFor();
    await picker.click();
    const hint = page.getByTestId('range-limit-hint');
    await hint.waitFor();
    expect(await hint.innerText()).toBe(ja('sales.range.limit').replace('{{months}}', '3'));
    // dayjs's Japanese calendar: 月 and 日 in the panel.
    expect(await page.locator('.ant-picker-dropdown').innerText()).toMatch(/月/);
    await page.locator('.ant-picker-dropdown .ant-picker-cell-in-view:not(.ant-picker-cell-disabled)').first().click();
    await expect.poll(() => hint.innerText()).toMatch(/終了日は \d{4}\/\d{1,2}\/\d{1,2} まで選べます（最長 3 か月）。/);
    await noEnglish(page);
    await saveScreenshot(page, 'ja-range-picker-desktop');
    await page.keyboard.press('Escape');
  });

  it("says in the device log's range picker how far the range may reach", async () => {
    await page.goto('/device-log');
    await page.getByRole('combobox', { name: ja('deviceLog.filter.range') }).click();
    await page.locator(`.ant-select-item-option[title="${ja('deviceLog.range.custom')}"]`).click();
    await page.getByRole('textbox', { name: ja('deviceLog.filter.from'), exact: true }).click();
    const open = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
    const hint = open.getByTestId('range-limit-hint');
    await hint.waitFor();
    expect(await hint.innerText()).toBe(ja('sales.range.limit').replace('{{months}}', '3'));
    await open.locator('.ant-picker-cell-in-view:not(.ant-picker-cell-disabled)').first().click();
    await expect
      .poll(() => hint.innerText())
      .toMatch(/^終了日は \d{4}\/\d{1,2}\/\d{1,2} まで選べます（最長 3 か月）。$/);
    await saveScreenshot(page, 'ja-device-log-picker-desktop');
    await page.keyboard.press('Escape');
  });

  it("shows a consumer the machine's checkout and the card top-up in Japanese", async () => {
    const consumer = await openPage(browser, { viewport: phone, language: 'ja' });
    await consumer.page.goto('/custom/checkout?hwid=SUNNY-W01');
    // Whatever the machine is doing now (the demo's customers keep some busy), its state is in Japanese.
    const states = ['free', 'inUse', 'offline', 'fault'].map((state) => ja(`checkout.state.${state}`));
    await expect
      .poll(() =>
        consumer.page
          .locator('.checkout-state')
          .innerText()
          .catch(() => ''),
      )
      .toSatisfy((text: string) => states.includes(text.trim()));
    await settled(consumer.page);
    expect(await consumer.page.evaluate(() => document.documentElement.lang)).toBe('ja');
    await saveScreenshot(consumer.page, 'ja-checkout-phone');
    // The washers' courses are named in the demo merchant's product template (its data, in English).
    const courseNames = new Set([...merchantData, 'Standard', 'Quick', 'Heavy', 'Bedding', 'Delicate']);
    await noEnglish(consumer.page, courseNames);

    await consumer.page.getByTestId('card-top-up-link-vip').click();
    await consumer.page.waitForURL(/\/custom\/card-top-up\?placeId=\d+/);
    await consumer.page.getByLabel(ja('cardTopUp.physical.number')).fill('8800 0000 0006');
    await consumer.page.getByRole('button', { name: ja('cardTopUp.physical.continue') }).click();
    await consumer.page.getByRole('group', { name: ja('cardTopUp.tier.legend') }).waitFor();
    // The tiers read 「NT$500.00 を支払う」: the amount in the Japanese sentence.
    await consumer.page
      .getByRole('group', { name: ja('cardTopUp.tier.legend') })
      .getByText(/^NT\$500\.00 を支払う$/)
      .waitFor();
    await saveScreenshot(consumer.page, 'ja-card-top-up-phone');
    await noEnglish(consumer.page, courseNames);
    await consumer.context.close();
  });

  it('fits a phone in Japanese', async () => {
    const small = await openPage(browser, { viewport: phone, language: 'ja' });
    await restoreSession(small.page, demo.owner);
    await pickMerchant(small.page, 'Sunny Laundry Co.');
    await small.page.goto('/device');
    await small.page.locator('.device-card').first().waitFor();
    await settled(small.page);
    await noEnglish(small.page);
    await expect
      .poll(() => small.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await saveScreenshot(small.page, 'ja-devices-phone');
    await small.context.close();
  });
});
