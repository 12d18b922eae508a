import type { DeviceListItem } from '@sbo/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBase, launchBrowser, openPage, phone, saveScreenshot } from './support/browser';
import { callApi, deviceByName, signInToSunny } from './support/devices';
import { chooseOption, confirmDialog, messageDialog } from './support/forms';
import { demo } from './support/sign-in';

// The happy hour journey: a promotion made through the screens for two washers, the machines'
// prices changing (device info), the consumer paying the discounted price, the stop with its
// confirmation and the prices returning, and the effect after sales. The product's scheduler sends
// prices every PROMOTION_PRICING_SECONDS (set short in support/product.ts).

type CheckoutMachine = {
  canPay: boolean;
  courses: Array<{ code: string; price: number; normalPrice?: number }>;
};
type Effect = { during: { sales: number; discount: number }; days: unknown[] };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const zone = 'Asia/Taipei'; // the demo merchant's and its places' time zone
/** HH:MM on the place's wall clock, `minutes` from now. */
function wallClock(minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000);
  return new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(at)
    .slice(0, 5);
}

const checkoutMachine = async (hwid: string): Promise<CheckoutMachine> => {
  const response = await fetch(`${apiBase()}/checkout/machine?hwid=${hwid}`);
  return ((await response.json()) as { result: CheckoutMachine }).result;
};

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000) {
  const deadline = Date.now() + ms;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (done(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`${what}: still ${JSON.stringify(last)}`);
}

/** Device info of a washer until its prices card shows (or no longer shows) the promotion. */
async function seePrices(page: Page, device: DeviceListItem, promotion: string | null, screenshot?: string) {
  const deadline = Date.now() + 45_000;
  for (;;) {
    await page.goto(`/device/info?id=${device.id}`);
    const card = page.getByTestId('machine-prices');
    await card.waitFor();
    const named = await card
      .getByTestId('machine-prices-promotion')
      .textContent({ timeout: 2_000 })
      .catch(() => null);
    if (promotion === null ? named === null : named?.includes(promotion)) break;
    if (Date.now() > deadline) throw new Error(`device info shows ${named ?? 'normal prices'}, not ${promotion}`);
    await page.waitForTimeout(2_000);
  }
  if (screenshot) {
    await page.getByTestId('machine-prices').scrollIntoViewIfNeeded();
    await saveScreenshot(page, screenshot);
  }
}

describe('a happy hour', () => {
  it(
    'is made for two washers, changes their prices and checkout, then stops and the prices return',
    { timeout: 420_000 },
    async () => {
      const name = `Lunch happy hour ${Date.now() % 10_000}`;
      const { page } = await openPage(browser, { language: 'en' });
      await signInToSunny(page, demo.owner);
      const washer2 = await deviceByName(page, 'Washer 2');

      // The list: tabs with counts, the create button.
      await page.goto('/promotion');
      await page.getByTestId('promotion-tab-all').waitFor();
      const before = await callApi<{ counts: { all: number; active: number } }>(page, 'GET', 'promotion/list');
      await page.getByRole('button', { name: 'New promotion' }).click();

      // Step 1: from scratch, a happy hour.
      await page.getByRole('radio', { name: /Happy hour/ }).check();
      await saveScreenshot(page, 'promotion-create-type-en-desktop');
      await page.getByRole('button', { name: 'Next' }).click();

      // Step 2: the name; the end on a past date is refused with the spec's message, then "never".
      await page.getByRole('textbox', { name: 'Name' }).fill(name);
      await page.getByRole('radio', { name: 'Ends on a date' }).check();
      const end = page.getByRole('textbox', { name: 'End' });
      await end.fill('2020-01-01 10:00');
      await end.press('Enter');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('The end date must be in the future').waitFor();
      await saveScreenshot(page, 'promotion-create-end-date-en-desktop');
      await page.getByRole('radio', { name: /Never ends/ }).check();
      await page.getByRole('button', { name: 'Next' }).click();

      // Step 3: a window open now on the place's clock, 20% off every course rounded to the coin.
      await page.getByRole('textbox', { name: 'From 1' }).fill(wallClock(-60));
      await page.getByRole('textbox', { name: 'To 1' }).fill(wallClock(90));
      await page.getByRole('textbox', { name: 'Value 1' }).fill('20');
      // The live preview prices Washer 2 as the api will: 60 → 48 → 50 (coins of 10), 80 → 64 → 60.
      const preview = page.getByTestId('price-preview');
      await chooseOption(page, 'Choose a machine or product template', /^Washer 2/, preview);
      await preview.getByRole('row', { name: /heavy.*NT\$80\.00.*NT\$60\.00/i }).waitFor();
      await saveScreenshot(page, 'promotion-create-rules-en-desktop');
      await page.getByRole('button', { name: 'Next' }).click();

      // Step 4: review, keep the rules as a template too, create; the binding view opens.
      await page.getByRole('checkbox', { name: 'Also save these rules as a template' }).check();
      await page.getByRole('textbox', { name: 'Template name' }).fill(`${name} rules`);
      await page.getByRole('button', { name: 'Create promotion' }).click();
      await page.waitForURL(/\/promotion\/\d+\?bind/);
      const id = Number(/\/promotion\/(\d+)/.exec(page.url())?.[1]);
      const binding = page.getByTestId('promotion-binding');
      await binding.getByRole('checkbox', { name: 'Washer 2' }).check();
      await binding.getByRole('checkbox', { name: 'Washer 3' }).check();
      await binding.getByRole('button', { name: 'Save machines (2)' }).click();
      await page.getByText('2 machines bound').waitFor();
      await saveScreenshot(page, 'promotion-binding-en-desktop');

      const after = await callApi<{ counts: { all: number; active: number } }>(page, 'GET', 'promotion/list');
      expect(after.counts.all).toBe(before.counts.all + 1);
      expect(after.counts.active).toBe(before.counts.active + 1);

      // The machines get the happy hour's prices: device info names the promotion.
      await seePrices(page, washer2, name, 'promotion-device-prices-en-desktop');

      // Checkout shows and charges the discounted price.
      const offer = await until(
        'checkout price',
        () => checkoutMachine('SUNNY-W03'),
        (m) => m.courses.some((c) => c.normalPrice !== undefined),
      );
      const standard = offer.courses.find((c) => c.code === 'standard');
      expect(standard).toMatchObject({ price: 5_000, normalPrice: 6_000 });
      const consumer = await openPage(browser, { viewport: phone, language: 'en' });
      // Either washer bound to the happy hour will do: the simulated customers keep them busy, so the
      // consumer takes the first one free (a wash runs minutes even on the fleet's fast clock).
      const bound = ['SUNNY-W02', 'SUNNY-W03'];
      const machines = await until(
        'Washer 2 or 3 free',
        () => Promise.all(bound.map(checkoutMachine)),
        (all) => all.some((m) => m.canPay),
        240_000,
      );
      const hwid = bound[machines.findIndex((m) => m.canPay)];
      await consumer.page.goto(`/custom/checkout?hwid=${hwid}`);
      await consumer.page.getByRole('radio', { name: /Standard/ }).check();
      await consumer.page.getByRole('group', { name: 'Payment method' }).getByRole('radio').first().check();
      await consumer.page.getByText('NT$50.00', { exact: false }).first().waitFor();
      // The usual price shows struck through beside the happy hour's.
      await consumer.page.locator('s.checkout-normal-price', { hasText: 'NT$60.00' }).first().waitFor();
      await saveScreenshot(consumer.page, 'promotion-checkout-en-phone');
      await consumer.page.getByRole('button', { name: /^Pay / }).click();
      await consumer.page.getByText('SANDBOX', { exact: false }).first().waitFor();
      await consumer.page.getByRole('button', { name: 'Approve' }).click();
      await consumer.page.waitForURL(/\/custom\/checkout-result\?orderId=/);
      await consumer.page.getByText('NT$50.00').first().waitFor({ timeout: 120_000 });

      // The effect counts the sale made under the promotion, with its discount.
      const effect = await until(
        'effect',
        () => callApi<Effect>(page, 'GET', `promotion/${id}/effect`),
        (e) => e.during.sales >= 1,
      );
      expect(effect.during.discount).toBeGreaterThanOrEqual(1_000);
      await page.goto(`/promotion/${id}?effect`);
      await page.getByTestId('promotion-effect-chart').waitFor();
      await page.getByTestId('promotion-effect-table').getByText('Discount given').waitFor();
      await saveScreenshot(page, 'promotion-effect-en-desktop');

      // The same detail in Chinese on a phone.
      const zh = await openPage(browser, { viewport: phone, language: 'zh-TW' });
      await signInToSunny(zh.page, demo.owner);
      await zh.page.goto(`/promotion/${id}?effect`);
      await zh.page.getByTestId('promotion-effect-chart').waitFor();
      await saveScreenshot(zh.page, 'promotion-effect-zh-TW-phone');
      await zh.page.goto('/promotion');
      await zh.page.getByTestId('promotion-cards').getByText(name).waitFor();
      await saveScreenshot(zh.page, 'promotion-list-zh-TW-phone');
      await zh.page.goto(`/promotion/${id}?bind`);
      await zh.page.getByTestId('promotion-binding').waitFor();
      await saveScreenshot(zh.page, 'promotion-binding-zh-TW-phone');
      // The step form on a phone: the rules with their live preview below.
      await zh.page.goto('/promotion/create');
      await zh.page.getByRole('button', { name: '下一步' }).click();
      await zh.page.getByRole('textbox', { name: '名稱' }).fill('晚間優惠');
      await zh.page.getByRole('button', { name: '下一步' }).click();
      await zh.page.getByTestId('price-preview').waitFor();
      await saveScreenshot(zh.page, 'promotion-create-rules-zh-TW-phone');

      // Stop, with its confirmation: the status turns stopped and the prices return.
      await page.goto(`/promotion/${id}`);
      await page.getByRole('button', { name: 'Stop promotion' }).click();
      await messageDialog(page).getByText('cannot be restarted').waitFor();
      await saveScreenshot(page, 'promotion-stop-confirm-en-desktop');
      await confirmDialog(page);
      await page.getByTestId('promotion-status').getByText('Stopped').waitFor();
      await expect(page.getByRole('button', { name: 'Edit' }).count()).resolves.toBe(0);
      await seePrices(page, washer2, null, 'promotion-device-prices-back-en-desktop');
      await until(
        'checkout price back',
        () => checkoutMachine('SUNNY-W03'),
        (m) => m.courses.every((c) => c.normalPrice === undefined),
      );
      await page.goto('/dashboard');
      await page.getByTestId('active-promotions').waitFor();
      await page.goto('/promotion?status=disabled');
      await page.getByTestId('promotion-table').getByText(name).waitFor();
      await saveScreenshot(page, 'promotion-list-en-desktop');
    },
  );
});
