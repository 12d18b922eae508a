import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, desktop, launchBrowser, phone, saveScreenshot } from './support/browser';
import { endTestMode, makeIdle } from './support/devices';
import { demo, pickMerchant, restoreSession } from './support/sign-in';

// One clock: a browser in another time zone than the merchant's still shows every date and time on
// the merchant's clock, and counts "today" on the merchant's calendar.

const merchantZone = 'Asia/Taipei';

const dayIn = (zone: string, at = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * A browser zone on another calendar day than Taipei right now (New York when it is, else the
 * Pacific zone eleven hours behind UTC or fourteen ahead), so "today" in the wrong zone shows.
 */
function browserZone(): string {
  const today = dayIn(merchantZone);
  return (
    ['America/New_York', 'Pacific/Pago_Pago', 'Pacific/Kiritimati'].find((zone) => dayIn(zone) !== today) ??
    'Pacific/Kiritimati'
  );
}

let browser: Browser;
let zone: string;
beforeAll(async () => {
  browser = await launchBrowser();
  zone = browserZone();
});
afterAll(() => browser.close());

async function openInZone() {
  const context = await browser.newContext({
    viewport: desktop,
    locale: 'en-US',
    timezoneId: zone,
    baseURL: baseUrl(),
    reducedMotion: 'reduce',
  });
  await context.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
  });
  return { context, page: await context.newPage() };
}

type Answer<T> = { status: number; body: { result?: T; code?: number } };

/** Calls the API from the page with the merchant token the app stored. */
function callApi<T>(page: Page, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const token = (JSON.parse(localStorage.getItem('merchantToken') ?? '{}') as { value?: string }).value;
      const response = await fetch(`/api/v1/${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body ? { 'Content-Type': 'application/json' } : {}),
          ...headers,
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: await response.json() };
    },
    { method, path, body, headers },
  ) as Promise<Answer<T>>;
}

/** How the app shows an instant in a zone (medium date, short time), formatted by the page's own Intl. */
function shownIn(page: Page, iso: string, timeZone: string, seconds = false) {
  return page.evaluate(
    ({ iso, timeZone, seconds }) =>
      new Intl.DateTimeFormat('en', {
        dateStyle: 'medium',
        timeStyle: seconds ? 'medium' : 'short',
        timeZone,
      }).format(new Date(iso)),
    { iso, timeZone, seconds },
  );
}

/** The instant shows on the merchant's clock and not on the browser's (they differ by hours). */
async function expectMerchantTime(page: Page, text: string, iso: string, timeZone = merchantZone) {
  const merchant = await shownIn(page, iso, timeZone);
  const browserShown = await shownIn(page, iso, zone);
  expect(merchant).not.toBe(browserShown);
  expect(text).toContain(merchant);
  expect(text).not.toContain(browserShown);
}

describe(`a browser in another time zone than the merchant's`, () => {
  it("shows the device log, last seen, staff and invitations on the merchant's clock, today the merchant's", async () => {
    const { page, context } = await openInZone();
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(zone);
    await restoreSession(page, demo.owner);
    await pickMerchant(page, 'Sunny Laundry Co.');
    const merchantToday = dayIn(merchantZone);
    expect(dayIn(zone)).not.toBe(merchantToday);

    // A fresh entry in the device log: a remote coin at Washer 1.
    const list = await callApi<{ items: Array<{ id: number; name: string; lastSeenAt: string | null }> }>(
      page,
      'GET',
      'device-cloud/list?pageSize=100',
    );
    const washer = list.body.result!.items.find((device) => device.name === 'Washer 1')!;
    // Remote credit is taken between customers only (1710003 mid-cycle): the washer is brought to standby first.
    await makeIdle(page, washer.id);
    await callApi(page, 'POST', `device-cloud/${washer.id}/remote`, { action: 'insertCoin', params: { amount: 1000 } });

    // The device log opens on today: the merchant's day, asked of the api in the merchant's zone.
    const asked = page.waitForResponse((response) => response.url().includes('/device-log/list'));
    await page.goto(`/device-log?deviceId=${washer.id}`);
    const response = await asked;
    const query = new URL(response.url()).searchParams;
    expect([query.get('from'), query.get('to'), query.get('tz')]).toEqual([merchantToday, merchantToday, merchantZone]);
    const shown = (await response.json()) as { result: { items: Array<{ createdAt: string }> } };
    const newest = shown.result.items[0]!;
    const firstRow = page.locator('.ant-table-row').first();
    await firstRow.filter({ hasText: 'Remote: insert coin' }).waitFor();
    await expectMerchantTime(page, await firstRow.innerText(), newest.createdAt);
    await saveScreenshot(page, 'clocks-device-log-en-desktop');

    // The date picker's today is the merchant's day; the day after it cannot be picked.
    await page.goto(`/device-log?range=custom&from=${merchantToday}&to=${merchantToday}`);
    await page.getByRole('textbox', { name: 'To', exact: true }).click();
    // In view: on a month's last days the next month's panel shows them again, outside its month.
    const todayCell = page.locator('.ant-picker-dropdown:visible .ant-picker-cell-today.ant-picker-cell-in-view');
    await todayCell.waitFor();
    expect(await todayCell.getAttribute('title')).toBe(merchantToday);
    expect(await todayCell.getAttribute('class')).not.toContain('ant-picker-cell-disabled');
    await saveScreenshot(page, 'clocks-device-log-picker-en-desktop');
    await page.keyboard.press('Escape');

    // The sales records' range picker: today is the merchant's too.
    await page.goto(`/dashboard/transaction-record?range=custom&from=${merchantToday}&to=${merchantToday}`);
    await page.locator('.ant-picker-range').click();
    const salesToday = page
      .locator('.ant-picker-dropdown:visible .ant-picker-cell-today.ant-picker-cell-in-view')
      .first();
    await salesToday.waitFor();
    expect(await salesToday.getAttribute('title')).toBe(merchantToday);
    await saveScreenshot(page, 'clocks-sales-picker-en-desktop');
    await page.keyboard.press('Escape');

    // A machine's last seen, against the api's value at the moment the screen shows it.
    await page.goto(`/device/info?id=${washer.id}`);
    const lastSeen = page.locator('.ant-descriptions-item').filter({ hasText: 'Last seen' });
    await lastSeen.waitFor();
    await expect
      .poll(
        async () => {
          const info = await callApi<{ lastSeenAt: string | null }>(page, 'GET', `device-cloud/${washer.id}/info`);
          const at = info.body.result?.lastSeenAt;
          return at ? (await lastSeen.innerText()).includes(await shownIn(page, at, merchantZone)) : false;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    await saveScreenshot(page, 'clocks-device-info-en-desktop');

    // Staff: the owner's last login (this sign-in), on the list and the member's page.
    const members = await callApi<Array<{ email: string; lastLoginAt: string | null }>>(page, 'GET', 'member/list');
    const owner = members.body.result!.find((member) => member.email === demo.owner)!;
    expect(owner.lastLoginAt).not.toBeNull();
    await page.goto('/user/member');
    const ownerCard = page.getByText(/Last login:/).first();
    await ownerCard.waitFor();
    const loginTexts = (await page.getByText(/Last login:/).allInnerTexts()).join('\n');
    expect(loginTexts).toContain(await shownIn(page, owner.lastLoginAt!, merchantZone));
    expect(loginTexts).not.toContain(await shownIn(page, owner.lastLoginAt!, zone));
    await saveScreenshot(page, 'clocks-members-en-desktop');

    // An invitation's expiry: on the link screen, and on the accept screen, which names the zone.
    const invitation = await callApi<{ code: string; role: string; expiresAt: string }>(page, 'POST', 'member/invite', {
      role: 'storeManager',
    });
    const { code, role, expiresAt } = invitation.body.result!;
    await page.goto(`/user/member/invite-link?${new URLSearchParams({ code, role, expiresAt: expiresAt }).toString()}`);
    const validUntil = page.getByText(/valid until/);
    await validUntil.waitFor();
    await expectMerchantTime(page, await validUntil.innerText(), expiresAt);
    await saveScreenshot(page, 'clocks-invite-link-en-desktop');
    await page.goto(`/invite-accept?inviteCode=${encodeURIComponent(code)}`);
    const expiry = page.locator('.ant-descriptions-item').filter({ hasText: 'Valid until' });
    await expiry.waitFor();
    const expiryText = await expiry.innerText();
    await expectMerchantTime(page, expiryText, expiresAt);
    expect(expiryText).toContain(`(${merchantZone} time)`);
    await saveScreenshot(page, 'clocks-invite-accept-en-desktop');
    await page.setViewportSize(phone);
    await saveScreenshot(page, 'clocks-invite-accept-en-phone');

    // On a phone the device log is a list of cards, with the same clock.
    await page.goto(`/device-log?deviceId=${washer.id}`);
    const card = page.locator('.log-cards .ant-card').first();
    await card.filter({ hasText: 'Remote: insert coin' }).waitFor();
    expect(await card.locator('time').innerText()).toBe(await shownIn(page, newest.createdAt, merchantZone));
    await saveScreenshot(page, 'clocks-device-log-en-phone');
    await endTestMode(page, washer.id);
    await context.close();
  });

  it("lists the gateways the demo's sales are paid with among a place's payment methods", async () => {
    const { page, context } = await openInZone();
    await restoreSession(page, demo.owner);
    await pickMerchant(page, 'Sunny Laundry Co.');
    await page.goto('/user/payment');
    // Not the first place, whose LINE Pay the staff journey switches.
    const place = page.getByTestId('payment-place').filter({ hasText: 'Sunny Car Wash Neihu' });
    await place.waitFor();
    for (const name of ['Cash (offline)', 'Cash card', 'LINE Pay', 'JKO PAY', 'TWQR'])
      expect(await place.getByRole('checkbox', { name, exact: true }).isChecked()).toBe(true);
    // The seed pays its sales only with what a place accepts (apps/api/test/demo-defaults.test.ts).
    expect(await place.getByRole('checkbox', { name: 'Apple Pay', exact: true }).isChecked()).toBe(false);
    await saveScreenshot(page, 'clocks-payment-options-en-desktop');
    await context.close();
  });

  it("shows withdrawal records on the merchant's clock", async () => {
    // Harbor Car Wash (Asia/Kuala_Lumpur): its own account and withdrawal, apart from Sunny's wallet.
    const harborZone = 'Asia/Kuala_Lumpur';
    const { page, context } = await openInZone();
    await restoreSession(page, 'owner2@example.com');
    await pickMerchant(page, 'Harbor Car Wash');
    const created = await callApi<{ id: number }>(page, 'POST', 'bankbook', {
      bankCode: 'MBBEMYKL',
      bankName: 'Maybank',
      branch: 'Port Klang',
      accountNumber: '514012345678',
      holder: 'Harbor Car Wash Sdn. Bhd.',
      holderIdNumber: '880101-14-5678',
      isDefault: true,
    });
    expect(created.status).toBe(200);

    const agent = await openInZone();
    await restoreSession(agent.page, 'root@example.com');
    await pickMerchant(agent.page, 'Harbor Car Wash');
    const verified = await callApi(agent.page, 'PUT', `admin/bankbook/${created.body.result!.id}/verification`, {
      verification: 'verified',
      note: '',
    });
    expect(verified.status).toBe(200);
    await agent.context.close();

    const withdrawn = await callApi(page, 'POST', 'wallet/withdraw', undefined, {
      'Idempotency-Key': `clocks-${Date.now()}`,
    });
    expect(withdrawn.status).toBe(200);
    const records = await callApi<{ items: Array<{ createdAt: string }> }>(page, 'GET', 'wallet/withdraw-record/list');
    const newest = records.body.result!.items[0]!;

    await page.goto('/user/wallet/withdraw-record');
    const firstRow = page.locator('.ant-table-row').first();
    await firstRow.waitFor();
    await expectMerchantTime(page, await firstRow.innerText(), newest.createdAt, harborZone);
    await saveScreenshot(page, 'clocks-withdraw-record-en-desktop');
    await context.close();
  });
});
