import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, phone, saveScreenshot } from './support/browser';
import { demo, pickMerchant, restoreSession } from './support/sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function openAsOwner(viewport?: { width: number; height: number }, language = 'en') {
  const opened = await openPage(browser, { viewport, language });
  await restoreSession(opened.page, demo.owner);
  await pickMerchant(opened.page, 'Sunny Laundry Co.');
  return opened;
}

/** The number of entries the totals bar counts (its first figure). */
const entryCount = async (page: Page) =>
  Number((await page.getByTestId('card-record-totals').locator('dd').first().innerText()).replace(/\D/g, ''));

const minorOf = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the OK card area', () => {
  it('lists OK cards only, and corrects a balance with a reason', async () => {
    const { page, context } = await openAsOwner();
    await page.goto('/ok-card/list');
    const table = page.getByTestId('card-list-table');
    await table.getByRole('link', { name: '660000000002' }).waitFor();
    const numbers = await table.locator('tbody tr.ant-table-row td:first-child').allInnerTexts();
    expect(numbers.every((number) => number.startsWith('66'))).toBe(true);
    await saveScreenshot(page, 'ok-card-list-en-desktop');

    await table.getByRole('link', { name: '660000000002' }).click();
    await page.waitForURL(/\/ok-card\/detail\?cardID=\d+/);
    await page.getByTestId('card-balance').waitFor();
    await page.getByRole('button', { name: 'Adjust balance' }).click();
    const dialog = page.getByRole('dialog');
    // No change at all is refused before anything is sent.
    await dialog.getByLabel('Reason').fill('Machine kept a coin');
    await dialog.getByRole('button', { name: 'Save correction' }).click();
    await dialog.getByText('Change the balance or the points.').waitFor();
    // A credit: the demo fleet's card readers spend this card meanwhile, down to nothing on a slow run,
    // where a debit would be refused for want of balance.
    await dialog.getByLabel(/Balance change/).fill('10');
    await saveScreenshot(page, 'ok-card-adjust-dialog');
    await dialog.getByRole('button', { name: 'Save correction' }).click();
    await page.getByText('Card corrected').waitFor();
    const history = page.getByTestId('card-record-table');
    const corrected = history.locator('tbody tr.ant-table-row').filter({ hasText: 'Machine kept a coin' });
    await expect.poll(() => corrected.innerText()).toMatch(/Manual adjustment[\s\S]*\+NT\$10\.00/);
    // The balance shown is the newest entry's balance after it (a spend may have come after the correction).
    const newestBalanceAfter = async () =>
      minorOf(await history.locator('tbody tr.ant-table-row').first().locator('td').nth(4).innerText());
    await expect
      .poll(async () => minorOf(await page.getByTestId('card-balance').innerText()) === (await newestBalanceAfter()))
      .toBe(true);
    await saveScreenshot(page, 'ok-card-detail-en-desktop');
    await context.close();
  });

  it('shows a demo card charged by a simulated machine in the trade records and the machine state', async () => {
    const { page, context } = await openAsOwner();
    // The seeded history is older than today: spends today are the simulated fleet's card readers at work
    // (the journeys' product has most sales at card-reader machines paid by card: DEMO_CARD_SHARE).
    await page.goto('/ok-card/trade-record?range=today&kind=spend');
    await page.getByTestId('card-record-totals').waitFor();
    await expect.poll(() => entryCount(page), { timeout: 240_000, interval: 3_000 }).toBeGreaterThan(0);
    const row = page.getByTestId('card-record-table').locator('tbody tr.ant-table-row').first();
    await expect.poll(() => row.innerText()).toMatch(/Spend at a machine/);
    const number = (await row.getByRole('link').innerText()).trim();
    expect(number).toMatch(/^66/);
    await saveScreenshot(page, 'ok-card-trade-record-machine-spend');

    // The machine that charged it counts a trade today.
    await page.goto('/ok-card/machine-state');
    const table = page.getByTestId('ok-machine-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    const trades = await table.locator('tbody tr.ant-table-row td:nth-child(4)').allInnerTexts();
    expect(trades.some((count) => Number(count) > 0)).toBe(true);

    // The same spend is in the card's own history.
    await page.goto('/ok-card/list');
    await page.getByTestId('card-list-table').getByRole('link', { name: number }).click();
    await page.waitForURL(/\/ok-card\/detail\?cardID=/);
    await page.getByRole('combobox', { name: 'Date range' }).click();
    await page.locator('.ant-select-item-option[title="Today"]').click();
    await page.getByRole('combobox', { name: 'Entry type' }).click();
    await page.locator('.ant-select-item-option[title="Spend at a machine"]').click();
    await expect.poll(() => entryCount(page), { timeout: 120_000 }).toBeGreaterThan(0);
    await context.close();
  }, 300_000);

  it('says a detail address names no card, with the way back to the list', async () => {
    const { page, context } = await openAsOwner();
    await page.goto('/ok-card/detail');
    await page.getByText('This address names no card.').waitFor();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL(/\/ok-card\/list$/);
    await context.close();
  });

  it('shows the OK machines with their state, and a machine’s trades in the trade-record view', async () => {
    const { page, context } = await openAsOwner();
    await page.goto('/ok-card/machine-state');
    const table = page.getByTestId('ok-machine-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    await saveScreenshot(page, 'ok-card-machine-state-en-desktop');
    const name = (await table.locator('tbody tr.ant-table-row').first().locator('strong').innerText()).trim();
    await table.getByRole('button', { name: 'Trades' }).first().click();
    await page.waitForURL(/machine=\d+/);
    await page.getByRole('heading', { level: 2, name: `Trades of ${name}` }).waitFor();
    await page.getByTestId('card-record-totals').waitFor();
    // The machine is fixed: no machine filter, but the range and entry type pickers are there.
    expect(await page.getByRole('combobox', { name: 'Machine' }).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Entry type' }).waitFor();
    await saveScreenshot(page, 'ok-card-machine-trades-en-desktop');
    await context.close();
  });

  it('shows trade records, statistics and deposit settings in Chinese and on a phone', async () => {
    const chinese = await openAsOwner(undefined, 'zh-TW');
    await chinese.page.goto('/ok-card/trade-record?range=threeMonths');
    await chinese.page.getByTestId('card-record-table').locator('tbody tr.ant-table-row').first().waitFor();
    await saveScreenshot(chinese.page, 'ok-card-trade-record-zh-TW-desktop');
    await chinese.page.goto('/ok-card/deposit-setting');
    await chinese.page.getByTestId('card-tier-row').first().waitFor();
    await saveScreenshot(chinese.page, 'ok-card-deposit-setting-zh-TW-desktop');
    await chinese.context.close();

    const small = await openAsOwner(phone);
    await small.page.goto('/ok-card/statistics?range=threeMonths');
    await small.page.getByTestId('card-statistics-summary').waitFor();
    await small.page.getByTestId('card-chart').waitFor();
    expect(await noSidewaysScroll(small.page)).toBeLessThanOrEqual(0);
    await saveScreenshot(small.page, 'ok-card-statistics-en-phone');
    await small.page.goto('/ok-card/machine-state');
    await small.page.getByTestId('ok-machine-cards').locator('li').first().waitFor();
    expect(await noSidewaysScroll(small.page)).toBeLessThanOrEqual(0);
    await saveScreenshot(small.page, 'ok-card-machine-state-en-phone');
    await small.context.close();
  });
});
