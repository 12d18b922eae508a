import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, phone, saveScreenshot } from './support/browser';
import { demo, pickMerchant, restoreSession } from './support/sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const accountNumber = '20680100012345';

/** The withdrawable amount as the wallet shows it, in the demo merchant's minor units (TWD cents). */
async function withdrawableCents(page: Page): Promise<number> {
  const text = await page.getByTestId('withdrawable').locator('.ant-statistic-content').innerText();
  return Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
}

describe('from a new bank account to a withdrawal', () => {
  it('adds an account as the owner, has it verified by a service agent, withdraws, and sees the record', async () => {
    const owner = await openPage(browser, { language: 'en' });
    await restoreSession(owner.page, demo.owner);
    await pickMerchant(owner.page, 'Sunny Laundry Co.');

    // The wallet: money from the seeded sales, a sandbox label, and no account to withdraw to yet.
    await owner.page.goto('/user/wallet/withdraw');
    await owner.page.getByTestId('sandbox-label').waitFor();
    await owner.page.getByText('No bank account yet').waitFor();
    expect(await withdrawableCents(owner.page)).toBeGreaterThan(0);
    expect(await owner.page.getByTestId('withdraw-button').isDisabled()).toBe(true);
    await saveScreenshot(owner.page, 'wallet-no-account-en');

    // Add an account; a wrong ID number is caught in the form by the contracts' rule.
    await owner.page.getByRole('button', { name: 'Add a bank account' }).click();
    await owner.page.waitForURL(/\/user\/wallet\/bankbook\/create$/);
    await owner.page.getByLabel('Bank code').fill('812');
    await owner.page.getByLabel('Bank', { exact: true }).fill('Taishin Bank');
    await owner.page.getByLabel('Branch').fill('Neihu');
    await owner.page.getByLabel('Account number').fill(accountNumber);
    await owner.page.getByLabel('Account holder').fill('Sunny Laundry Co.');
    await owner.page.getByLabel('Holder ID number').fill('A123456788');
    await owner.page.getByTestId('bankbook-save').click();
    await owner.page.getByText('This ID number is not valid in Taiwan.').waitFor();
    await saveScreenshot(owner.page, 'bankbook-create-invalid-id-en');
    await owner.page.getByLabel('Holder ID number').fill('A123456789');
    await owner.page.getByTestId('bankbook-save').click();
    await owner.page.waitForURL(/\/user\/wallet\/bankbook\/\d+$/);
    await owner.page.getByTestId('verification-tag').filter({ hasText: 'Verifying' }).waitFor();
    await saveScreenshot(owner.page, 'bankbook-detail-verifying-en');

    // A service agent verifies it from the bank-account screen.
    const agent = await openPage(browser, { language: 'en' });
    await restoreSession(agent.page, 'root@example.com');
    await pickMerchant(agent.page, 'Sunny Laundry Co.');
    await agent.page.goto('/user/wallet/bankbook');
    const pending = agent.page.getByTestId('agent-bankbook').filter({ hasText: accountNumber });
    await pending.waitFor();
    await saveScreenshot(agent.page, 'bankbook-agent-panel-en');
    await pending.getByRole('button', { name: 'Verify' }).click();
    const dialog = agent.page.getByRole('dialog');
    await dialog.getByLabel('Note to the merchant').fill('Matches the passbook');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await agent.page.getByText('Verification saved.').waitFor();
    await agent.context.close();

    // An edit that leaves the ID number empty keeps it, and a branch change keeps the verification.
    await owner.page.reload();
    await owner.page.getByTestId('verification-tag').filter({ hasText: 'Verified' }).waitFor();
    await owner.page.getByRole('button', { name: 'Edit' }).click();
    await owner.page.waitForURL(/\/user\/wallet\/bankbook\/\d+\/edit$/);
    await owner.page.getByLabel('Branch').fill('Songshan');
    await saveScreenshot(owner.page, 'bankbook-edit-en');
    await owner.page.getByTestId('bankbook-save').click();
    await owner.page.waitForURL(/\/user\/wallet\/bankbook\/\d+$/);
    await owner.page.getByText('Songshan').waitFor();
    await owner.page.getByTestId('verification-tag').filter({ hasText: 'Verified' }).waitFor();

    // The owner withdraws: the confirmation shows the amounts and the account.
    await owner.page.goto('/user/wallet/withdraw');
    await owner.page.getByTestId('wallet-account').getByText('Verified').waitFor();
    const before = await withdrawableCents(owner.page);
    expect(before).toBeGreaterThan(0);
    await saveScreenshot(owner.page, 'wallet-ready-en');
    await owner.page.getByTestId('withdraw-button').click();
    const confirm = owner.page.getByRole('dialog');
    await confirm.getByTestId('withdraw-confirm').getByText(accountNumber).waitFor();
    await saveScreenshot(owner.page, 'wallet-withdraw-confirm-en');
    await confirm.getByRole('button', { name: 'Withdraw' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await owner.page.getByText('Withdrawal started').waitFor();
    await expect.poll(() => withdrawableCents(owner.page), { timeout: 120_000 }).toBeLessThan(before);

    // The record and the transactions it paid out.
    await owner.page.getByRole('button', { name: 'Withdrawal records' }).click();
    await owner.page.waitForURL(/\/user\/wallet\/withdraw-record$/);
    const row = owner.page.getByTestId('withdraw-records').locator('tbody tr').filter({ hasText: 'Taishin Bank' });
    await row.waitFor();
    await saveScreenshot(owner.page, 'withdraw-records-en');
    await row.getByRole('button').first().click();
    const drawer = owner.page.getByRole('dialog');
    await drawer.getByTestId('withdrawal-transactions').locator('tbody tr.ant-table-row').first().waitFor();
    expect(
      await drawer.getByTestId('withdrawal-transactions').locator('tbody tr.ant-table-row').count(),
    ).toBeGreaterThan(0);
    await saveScreenshot(owner.page, 'withdraw-record-detail-en');
    await owner.context.close();
  });

  it('lets a shareholder read the wallet and accounts but change nothing', async () => {
    const { page, context } = await openPage(browser, { language: 'en' });
    await restoreSession(page, 'shareholder@example.com');
    await pickMerchant(page, 'Sunny Laundry Co.');
    await page.goto('/user/wallet/withdraw');
    await page.getByText('View only').waitFor();
    expect(await page.getByTestId('withdraw-button').count()).toBe(0);
    await page.goto('/user/wallet/bankbook');
    await page.getByTestId('bankbook-card').first().waitFor();
    expect(await page.getByRole('button', { name: 'Add bank account' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Set as default' }).count()).toBe(0);
    await context.close();
  });

  it('shows the money screens on a phone in Traditional Chinese and Thai', async () => {
    for (const language of ['zh-TW', 'th']) {
      const { page, context } = await openPage(browser, { viewport: phone, language });
      await restoreSession(page, demo.owner);
      await pickMerchant(page, 'Sunny Laundry Co.');
      for (const [path, name] of [
        ['/user/wallet/withdraw', 'wallet'],
        ['/user/wallet/bankbook', 'bankbook-list'],
        ['/user/wallet/withdraw-record', 'withdraw-records'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.locator('.ant-card').first().waitFor();
        await page.waitForLoadState('networkidle');
        await saveScreenshot(page, `${name}-${language}-phone`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
      // The same screens inside the mobile app's /app area, moving between them there.
      await page.goto('/app?target=walletWithdraw');
      await page.waitForURL(/\/app\/wallet\/withdraw$/);
      await page.getByTestId('withdrawable').waitFor();
      await page.locator('.page-header-extra button').click();
      await page.waitForURL(/\/app\/wallet\/withdraw-record$/);
      await context.close();
    }
  });
});
