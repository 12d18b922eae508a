import { PNG } from 'pngjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, phone, saveScreenshot, screenSettled } from './support/browser';
import { demo, fillSignInPage, pickMerchant, restoreSession } from './support/sign-in';

// A user of the demo who is not yet staff of Sunny Laundry: the owner of Harbor Car Wash.
const guestEmail = 'owner2@example.com';
const guestName = 'Hugo Harbor';

let browser: Browser;
let owner: Page;
let guest: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  owner = (await openPage(browser, { language: 'en' })).page;
  await restoreSession(owner, demo.owner);
  await pickMerchant(owner, 'Sunny Laundry Co.');
});
afterAll(() => browser.close());

/** Lets dialogs and toasts finish animating before a picture. */
const settle = (page: Page) => screenSettled(page, { loading: false });

async function openGuestMember(): Promise<void> {
  await owner.goto('/user/member');
  await owner.getByTestId('member-row').filter({ hasText: guestName }).click();
  await owner.getByRole('heading', { level: 1, name: guestName }).waitFor();
}

async function confirmDialog(page: Page): Promise<void> {
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
}

describe('inviting a member', () => {
  it('creates a link the invited user opens in another browser and accepts', async () => {
    await owner.goto('/user/member');
    await owner.getByTestId('member-row').first().waitFor();
    await saveScreenshot(owner, 'members-list-en-desktop');
    await owner.getByRole('button', { name: 'Invite' }).click();
    await owner.getByRole('radio', { name: /Manager/ }).check();
    await owner.getByRole('button', { name: 'Create invitation' }).click();
    const linkInput = owner.getByLabel('Invitation link');
    await linkInput.waitFor();
    await owner.getByRole('img', { name: 'QR code of the invitation link' }).waitFor();
    await saveScreenshot(owner, 'members-invite-link-en-desktop');
    const link = await linkInput.inputValue();
    expect(link).toMatch(/\/invite-accept\?inviteCode=/);

    guest = (await openPage(browser, { language: 'en' })).page;
    await guest.goto(link);
    await fillSignInPage(guest, guestEmail, demo.password);
    // The page takes the code out of the address once read.
    await guest.waitForURL(/\/invite-accept/);
    await guest.getByRole('heading', { name: 'Join Sunny Laundry Co.' }).waitFor();
    await saveScreenshot(guest, 'members-invite-accept-en-desktop');
    await guest.getByRole('button', { name: 'Accept and join' }).click();
    await guest.waitForURL(/\/merchant-login/);
    await pickMerchant(guest, 'Sunny Laundry Co.');

    // The same link cannot be used twice.
    await guest.goto(new URL(link).pathname + new URL(link).search);
    await guest.getByText('This invitation cannot be used').waitFor();
  });
});

describe('permissions of a member', () => {
  it('revoking member management hides the staff screens for them; granting it shows them again', async () => {
    await guest.goto('/user/merchant');
    const staffLink = guest.getByRole('menuitem', { name: 'Staff' });
    await staffLink.waitFor();

    await openGuestMember();
    await owner.getByRole('checkbox', { name: 'Member management' }).uncheck();
    await owner.getByRole('button', { name: 'Save changes' }).click();
    await owner.getByText('Changes saved').waitFor();
    await saveScreenshot(owner, 'members-detail-en-desktop');

    await guest.reload();
    await guest.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => staffLink.count()).toBe(0);

    await owner.getByRole('checkbox', { name: 'Member management' }).check();
    await owner.getByRole('button', { name: 'Save changes' }).click();
    await guest.reload();
    await staffLink.waitFor();
  });
});

describe('suspending a member', () => {
  it('stops their next call at once, and reinstating lets them back in', async () => {
    await openGuestMember();
    await owner.getByRole('button', { name: 'Suspend' }).click();
    await confirmDialog(owner);
    await owner.getByText('Member suspended').waitFor();
    await owner.getByRole('button', { name: 'Reinstate' }).waitFor();

    await guest.goto('/user/merchant');
    await guest
      .getByRole('dialog')
      .getByText(/^1104015 - /)
      .waitFor();
    await settle(guest);
    await saveScreenshot(guest, 'members-suspended-en-desktop');
    await confirmDialog(guest);
    await guest.waitForURL(/\/merchant-login/);

    await owner.getByRole('button', { name: 'Reinstate' }).click();
    await confirmDialog(owner);
    await owner.getByText('Member reinstated').waitFor();
    await guest.reload();
    await pickMerchant(guest, 'Sunny Laundry Co.');
  });
});

describe('removing a member', () => {
  it('asks first, then takes them off the list', async () => {
    await openGuestMember();
    await owner.getByRole('button', { name: 'Remove from merchant' }).click();
    await confirmDialog(owner);
    await owner.getByText('Member removed').waitFor();
    await owner.waitForURL(/\/user\/member$/);
    await owner.getByTestId('member-row').first().waitFor();
    await expect.poll(() => owner.getByTestId('member-row').filter({ hasText: guestName }).count()).toBe(0);
  });
});

describe('editing the merchant', () => {
  it('refuses a wrong Taiwan tax ID and saves good details with the success toast', async () => {
    await owner.goto('/user/merchant/edit');
    const taxId = owner.getByLabel('Tax ID number');
    await taxId.fill('12345678');
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.getByText('This unified business number is not valid').waitFor();
    await saveScreenshot(owner, 'merchant-edit-error-en-desktop');
    await taxId.fill('04595257');
    await owner.getByLabel('Administrator name').fill('Daisy Owner');
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.getByText('Merchant info change succeeded').waitFor();
    await owner.waitForURL(/\/user\/merchant$/);
    await owner.getByText('Daisy Owner').waitFor();
    await saveScreenshot(owner, 'merchant-info-en-desktop');
  });
});

describe('payment options', () => {
  it('saves the gateways a place accepts', async () => {
    await owner.goto('/user/payment');
    const place = owner.getByTestId('payment-place').first();
    const linePay = place.getByRole('checkbox', { name: 'LINE Pay' });
    const wasChecked = await linePay.isChecked();
    await linePay.setChecked(!wasChecked);
    await place.getByRole('button', { name: 'Save' }).click();
    await owner.getByText(/^Payment methods of .* saved$/).waitFor();
    await saveScreenshot(owner, 'payment-en-desktop');
    await owner.reload();
    await expect
      .poll(() => owner.getByTestId('payment-place').first().getByRole('checkbox', { name: 'LINE Pay' }).isChecked())
      .toBe(!wasChecked);
  });
});

describe('the profile', () => {
  it('uploads an avatar that the api resizes and serves back', async () => {
    const picture = new PNG({ width: 600, height: 400 });
    for (let i = 0; i < picture.data.length; i += 4) picture.data.set([31, 95, 191, 255], i);
    await owner.goto('/user/profile');
    await owner.getByTestId('avatar-input').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: PNG.sync.write(picture),
    });
    await owner.getByText('Profile picture updated').waitFor();
    const image = owner.locator('.profile-avatar img');
    await image.waitFor();
    const size = await image.evaluate((img: HTMLImageElement) => img.naturalWidth);
    expect(size).toBe(256);
    await saveScreenshot(owner, 'profile-en-desktop');
  });
});

describe('on a phone', () => {
  it('shows the staff, merchant, payment and profile screens at 390 px', async () => {
    const { page, context } = await openPage(browser, { viewport: phone, language: 'th' });
    await restoreSession(page, demo.owner);
    await pickMerchant(page, /Sunny Laundry/);
    for (const [path, name] of [
      ['/user/member', 'members-list-th-phone'],
      ['/user/member/invite', 'members-invite-th-phone'],
      ['/user/merchant/edit', 'merchant-edit-th-phone'],
      ['/user/payment', 'payment-th-phone'],
      ['/user/profile', 'profile-th-phone'],
      ['/user', 'preferences-th-phone'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.locator('.page-loading').waitFor({ state: 'detached' });
      await settle(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await saveScreenshot(page, name);
    }
    await page.goto('/user/member');
    await page.getByTestId('member-row').filter({ hasText: 'Stella Store' }).click();
    await page.getByRole('heading', { level: 1, name: 'Stella Store' }).waitFor();
    await settle(page);
    await saveScreenshot(page, 'members-detail-th-phone');
    await page.getByRole('switch').click();
    await page.getByRole('combobox', { name: 'อุปกรณ์' }).click();
    await page.locator('.ant-select-item-option').first().click();
    await page.keyboard.press('Escape');
    await settle(page);
    await saveScreenshot(page, 'members-whitelist-th-phone');
    await context.close();
  });
});
