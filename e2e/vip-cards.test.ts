import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, phone, saveScreenshot, screenSettled } from './support/browser';
import { confirmDialog, messageDialog } from './support/forms';
import { demo, pickMerchant, restoreSession } from './support/sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function openAs(email: string, viewport?: { width: number; height: number }, language = 'en') {
  const opened = await openPage(browser, { viewport, language });
  await restoreSession(opened.page, email);
  await pickMerchant(opened.page, 'Sunny Laundry Co.');
  return opened;
}

/** Lets dialogs and toasts finish before a picture. */
const settle = (page: Page) => screenSettled(page, { loading: false });

/** Money as shown (NT$1,504.00) in minor units. */
const minorOf = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Opens a demo card's detail from the list, by its number. */
async function openCard(page: Page, number: string) {
  await page.goto(`/vip-card/list?q=${number}`);
  await page.getByRole('link', { name: number }).click();
  await page.waitForURL(/\/vip-card\/detail\?cardID=\d+/);
  await page.getByTestId('card-balance').waitFor();
}

describe('member cards', () => {
  it('shows a demo member card charged by a simulated washer or dryer in the records, with its balance used', async () => {
    const { page, context } = await openAs(demo.owner);
    // Spends today are the simulated fleet's card readers at work (the seeded history is older).
    await page.goto('/vip-card/transaction-record?range=today&kind=spend');
    const rows = page.getByTestId('card-record-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 240_000, interval: 3_000 }).toBeGreaterThan(0);
    const first = rows.first();
    expect(await first.innerText()).toMatch(/Spend at a machine/);
    expect((await first.getByRole('link').first().innerText()).trim()).toMatch(/^88/);
    await saveScreenshot(page, 'vip-card-records-machine-spend-en-desktop');
    // The same spend is a sale in the transaction records, paid by member card (gateway ESVC, named so).
    await page.goto('/dashboard/transaction-record?range=today&gateway=ESVC');
    const sales = page.getByTestId('transaction-table').locator('tbody tr.ant-table-row');
    await sales.first().waitFor();
    expect(await sales.first().innerText()).toContain('Member card');
    await context.close();
  }, 300_000);

  it('lists the demo cards with the member sort, and shows them in two languages and on a phone', async () => {
    const { page, context } = await openAs(demo.owner);
    await page.goto('/vip-card/list');
    const table = page.getByTestId('card-list-table');
    await table.getByRole('link', { name: '880000000001' }).waitFor();
    await saveScreenshot(page, 'vip-card-list-en-desktop');

    // Balance, highest first: the server sorts every page.
    await page.getByRole('radiogroup', { name: 'Sort by' }).getByText('Balance').click();
    await page.waitForURL(/sort=balance/);
    await expect
      .poll(async () => {
        const balances = await table.locator('tbody tr.ant-table-row td:nth-child(4)').allInnerTexts();
        const values = balances.map(minorOf);
        return values.length > 1 && values.every((value, index) => index === 0 || values[index - 1]! >= value);
      })
      .toBe(true);

    // Search by holder.
    await page.getByRole('searchbox', { name: 'Card number, holder or phone' }).fill('Chen Wei');
    await page.keyboard.press('Enter');
    await page.waitForURL(/q=Chen/);
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(1);
    await context.close();

    const chinese = await openAs(demo.owner, undefined, 'zh-TW');
    await chinese.page.goto('/vip-card/transaction-record?range=threeMonths');
    await chinese.page.getByTestId('card-record-table').locator('tbody tr.ant-table-row').first().waitFor();
    await chinese.page.getByRole('heading', { level: 1, name: '會員卡交易紀錄' }).waitFor();
    await saveScreenshot(chinese.page, 'vip-card-records-zh-TW-desktop');
    await chinese.page.goto('/vip-card/statistics');
    await chinese.page.getByTestId('card-chart').waitFor();
    await saveScreenshot(chinese.page, 'vip-card-statistics-zh-TW-desktop');
    await chinese.context.close();

    const small = await openAs(demo.owner, phone);
    await small.page.goto('/vip-card/list');
    await small.page.getByTestId('card-list-cards').getByText('880000000001').waitFor();
    expect(await noSidewaysScroll(small.page)).toBeLessThanOrEqual(0);
    await saveScreenshot(small.page, 'vip-card-list-en-phone');
    await small.page.getByText('880000000001').click();
    await small.page.getByTestId('card-balance').waitFor();
    await small.page.getByTestId('card-record-cards').locator('li').first().waitFor();
    expect(await noSidewaysScroll(small.page)).toBeLessThanOrEqual(0);
    await saveScreenshot(small.page, 'vip-card-detail-en-phone');
    await small.context.close();
  });

  it('tops up a card at the counter with its tier reward, once however often OK is pressed', async () => {
    const { page, context } = await openAs(demo.owner);
    // The demo's counter card: no simulated reader taps it, so its balance moves only by this top-up.
    await openCard(page, '880000000006');
    const before = minorOf(await page.getByTestId('card-balance').innerText());
    await page.getByRole('button', { name: 'Top up' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /Pay NT\$500\.00, get NT\$50\.00 extra/ }).click();
    expect(await dialog.getByLabel(/Amount paid/).inputValue()).toBe('500.00');
    await dialog.getByLabel('Reason').fill('Paid in cash at the counter');
    await saveScreenshot(page, 'vip-card-top-up-dialog');
    // A double click sends the same idempotency key twice: the card is topped up once.
    const topUps = { sent: 0, answered: 0 };
    const isTopUp = (request: Request) => request.method() === 'POST' && /\/vip-card\/\d+\/top-up/.test(request.url());
    page.on('request', (request) => (topUps.sent += isTopUp(request) ? 1 : 0));
    page.on('requestfinished', (request) => (topUps.answered += isTopUp(request) ? 1 : 0));
    page.on('requestfailed', (request) => (topUps.answered += isTopUp(request) ? 1 : 0));
    await dialog.getByRole('button', { name: 'Top up' }).dblclick();
    await page.getByText('Topped up NT$500.00, reward NT$50.00').waitFor();
    await expect.poll(async () => minorOf(await page.getByTestId('card-balance').innerText())).toBe(before + 55_000);
    // Every top-up the clicks sent has been answered; the card, read afresh, was topped up once.
    await expect.poll(() => topUps.answered === topUps.sent).toBe(true);
    await page.reload();
    await expect.poll(async () => minorOf(await page.getByTestId('card-balance').innerText())).toBe(before + 55_000);
    // The top-up and its reward are two entries of the history.
    const history = page.getByTestId('card-record-table');
    await history.getByText('Top-up reward').first().waitFor();
    expect(await history.getByText('Paid in cash at the counter').count()).toBe(2);
    await settle(page);
    await saveScreenshot(page, 'vip-card-after-top-up');
    await context.close();
  });

  it('cancels a card only after its confirmation', async () => {
    const { page, context } = await openAs(demo.owner);
    await openCard(page, '880000000002');
    await page.getByRole('button', { name: 'Cancel card' }).click();
    await messageDialog(page)
      .getByText(/will pay nowhere from now on/)
      .waitFor();
    await saveScreenshot(page, 'vip-card-cancel-confirm');
    // Dismissed: nothing changes.
    await messageDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByTestId('card-status').innerText()).toBe('Active');
    await page.getByRole('button', { name: 'Cancel card' }).click();
    await confirmDialog(page);
    await expect.poll(() => page.getByTestId('card-status').innerText()).toBe('Cancelled');
    await page.getByText('This card is cancelled').waitFor();
    expect(await page.getByRole('button', { name: 'Cancel card' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Top up' }).count()).toBe(0);
    await context.close();
  });

  it('issues a physical card, which opens on its detail ready to top up', async () => {
    const { page, context } = await openAs(demo.owner);
    await page.goto('/vip-card/list');
    await page.getByRole('button', { name: 'Issue a card' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Card number').fill('12');
    await dialog.getByLabel('Holder').fill('Test Holder');
    await dialog.getByLabel('Phone').fill('+886912000111');
    await dialog.getByRole('button', { name: 'Issue' }).click();
    await dialog.getByText('A card number is 6 to 20 digits.').waitFor();
    await dialog.getByLabel('Card number').fill('880000000777');
    await dialog.getByRole('button', { name: 'Issue' }).click();
    await page.waitForURL(/\/vip-card\/detail\?cardID=\d+/);
    await page.getByRole('heading', { level: 1, name: 'Card 880000000777' }).waitFor();
    await expect.poll(() => page.getByTestId('card-status').innerText()).toBe('Active');
    expect(await page.getByTestId('card-balance').innerText()).toBe('NT$0.00');
    await page.getByRole('button', { name: 'Top up' }).waitFor();
    // The same number twice is refused with its reason.
    await page.goto('/vip-card/list');
    await page.getByRole('button', { name: 'Issue a card' }).click();
    await page.getByRole('dialog').getByLabel('Card number').fill('880000000777');
    await page.getByRole('dialog').getByRole('button', { name: 'Issue' }).click();
    await messageDialog(page).getByText('This card number is already in use.').waitFor();
    await context.close();
  });

  it('lets a shareholder read cards and settings but change nothing', async () => {
    const { page, context } = await openAs('shareholder@example.com');
    await page.goto('/vip-card/list');
    await page.getByTestId('card-list-table').getByRole('link', { name: '880000000001' }).click();
    await page.getByTestId('card-balance').waitFor();
    expect(await page.getByRole('button', { name: 'Top up' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel card' }).count()).toBe(0);
    await page.goto('/vip-card/settings');
    await page.getByText('Your role can read these settings but not change them.').waitFor();
    expect(await page.getByRole('button', { name: 'Save settings' }).count()).toBe(0);
    await page.goto('/vip-card/list');
    await page.getByTestId('card-list-table').waitFor();
    expect(await page.getByRole('button', { name: 'Issue a card' }).count()).toBe(0);
    await context.close();
  });

  it('refuses settings with a duplicate tier, and saves a new one', async () => {
    const { page, context } = await openAs(demo.owner);
    await page.goto('/vip-card/settings');
    await page.getByTestId('card-tier-row').first().waitFor();
    const rows = await page.getByTestId('card-tier-row').count();
    await page.getByRole('button', { name: 'Add a tier' }).click();
    await page.getByLabel(`Pay (NT$) ${rows + 1}`).fill('500');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Two tiers have this amount.').first().waitFor();
    await page.getByLabel(`Pay (NT$) ${rows + 1}`).fill('2000');
    await page.getByLabel(`Extra (NT$) ${rows + 1}`).fill('400');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved').waitFor();
    await page.reload();
    await expect.poll(() => page.getByTestId('card-tier-row').count()).toBe(rows + 1);
    await saveScreenshot(page, 'vip-card-settings-en-desktop');
    await context.close();
  });
});
