import type { Card, CardEntryPage } from '@sbo/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBase, launchBrowser, openPage, phone, saveScreenshot } from './support/browser';
import { callApi, signInToSunny } from './support/devices';
import { nextSandboxSmsCode, sandboxSmsCodes } from './support/product-log';
import { demo } from './support/sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

// A demo member card kept at the counter (the simulated readers never tap it); the checks hold either way.
const demoCard = '880000000006';

const orderIdOf = (url: string) => new URL(url).searchParams.get('orderId') ?? '';

describe("a consumer's card at the checkout", () => {
  it(
    'tops up a demo card through the sandbox checkout and sees the reward and the new balance',
    { timeout: 120_000 },
    async () => {
      const { page } = await openPage(browser, { viewport: phone, language: 'en' });
      // From a machine's checkout page, as a consumer who scanned its QR code finds the card page.
      await page.goto('/custom/checkout?hwid=SUNNY-W01');
      await page.getByTestId('card-top-up-link-vip').click();
      await page.waitForURL(/\/custom\/card-top-up\?placeId=\d+/);
      // The card page is the consumer entry's, without the back office's code.
      await page.locator('#consumer').getByLabel('Card number').waitFor();
      await saveScreenshot(page, 'card-top-up-chooser-en-phone');
      await page.getByLabel('Card number').fill('8800 0000 0006');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect.poll(() => page.getByTestId('card-number').textContent()).toBe('8800 0000 0006');

      await page
        .getByRole('group', { name: 'Top-up amount' })
        .getByRole('radio', { name: /Pay NT\$500/ })
        .check();
      await page.getByRole('group', { name: 'Payment method' }).getByRole('radio').first().check();
      expect(await page.getByTestId('card-gets').textContent()).toBe('NT$550.00');
      await saveScreenshot(page, 'card-top-up-tiers-en-phone');
      await page.getByRole('button', { name: 'Pay NT$500.00' }).click();
      await page.getByText('SANDBOX', { exact: false }).first().waitFor();
      await page.getByRole('button', { name: 'Approve' }).click();

      await page.waitForURL(/\/custom\/card-top-up-result\?orderId=/);
      await page.getByText('Card topped up').waitFor({ timeout: 120_000 });
      expect(await page.getByTestId('top-up-reward').textContent()).toBe('+NT$50.00');
      const shown = await page.getByTestId('top-up-balance').textContent();
      await saveScreenshot(page, 'card-top-up-paid-en-phone');
      // The result page's language menu switches its words where it stands.
      for (const [language, paid] of [
        ['zh-TW', '儲值成功'],
        ['th', 'เติมเงินบัตรสำเร็จ'],
        ['en', 'Card topped up'],
      ] as const) {
        await page.getByLabel(/Language|語言|ภาษา/).selectOption(language);
        await page.getByRole('heading', { name: paid }).waitFor();
        if (language !== 'en') await saveScreenshot(page, `card-top-up-paid-${language}-phone`);
      }

      // The page shows the order as the api keeps it: credited once, with the tier's reward.
      const answer = await fetch(`${apiBase()}/checkout/card/top-up/${orderIdOf(page.url())}`);
      const order = ((await answer.json()) as { result: { status: string; reward: number; balanceAfter: number } })
        .result;
      expect(order).toMatchObject({ status: 'paid', reward: 5000 });
      expect(shown).toBe(`NT$${(order.balanceAfter / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);

      // The staff see the top-up and its reward in the card's records.
      const { page: owner } = await openPage(browser, { language: 'en' });
      await signInToSunny(owner, demo.owner);
      const cards = await callApi<{ items: Card[] }>(owner, 'GET', `vip-card/list?keyword=${demoCard}`);
      const card = cards.items.find((item) => item.number === demoCard);
      expect(card).toBeDefined();
      const records = await callApi<CardEntryPage>(
        owner,
        'GET',
        `vip-card/record/list?cardId=${card!.id}&pageSize=100`,
      );
      const entry = (kind: string, change: number) =>
        records.items.filter((item) => item.kind === kind && item.balanceChange === change);
      expect(entry('topUp', 50000).length).toBeGreaterThanOrEqual(1);
      expect(entry('topUpReward', 5000).length).toBeGreaterThanOrEqual(1);

      // Topping up again starts from the same card: this phone remembers it.
      await page.getByRole('link', { name: 'Top up again' }).click();
      await expect.poll(() => page.getByTestId('card-number').textContent()).toBe('8800 0000 0006');
    },
  );

  it('opens a virtual card with the code sent by SMS, and the phone remembers it', async () => {
    const { page } = await openPage(browser, { viewport: phone, language: 'zh-TW' });
    const local = `09${String(Date.now()).slice(-8)}`;
    const international = `+886${local.slice(1)}`;
    await page.goto('/custom/checkout?hwid=SUNNY-W01');
    await page.getByTestId('card-top-up-link-vip').click();
    await page.getByText('虛擬卡', { exact: true }).waitFor();
    await saveScreenshot(page, 'card-top-up-chooser-zh-TW-phone');
    await page.getByText('虛擬卡', { exact: true }).click();

    // A number the SMS provider refuses is said so plainly (10008).
    await page.getByTestId('card-phone-input').fill('+999 1234 5678');
    await page.getByRole('button', { name: '傳送驗證碼' }).click();
    await page.getByText('簡訊無法送出').waitFor();

    const seen = sandboxSmsCodes(international).length;
    await page.getByTestId('card-phone-input').fill(local);
    await page.getByRole('button', { name: '傳送驗證碼' }).click();
    await page.getByText(`已將 6 位數驗證碼傳送至 ${international}`).waitFor();
    // Asking again at once is not offered: the button counts down the api's wait.
    await expect.poll(() => page.getByRole('button', { name: /秒後可重新傳送/ }).isDisabled()).toBe(true);
    const code = await nextSandboxSmsCode(international, seen);
    await page.getByTestId('card-code-input').fill(code);
    await saveScreenshot(page, 'card-virtual-code-zh-TW-phone');
    await page.getByRole('button', { name: '確認並使用這張卡' }).click();
    await page.getByTestId('card-balance').waitFor();
    const number = (await page.getByTestId('card-number').textContent())?.replace(/\s/g, '') ?? '';
    expect(number).toMatch(/^\d{6,20}$/);
    await saveScreenshot(page, 'card-virtual-opened-zh-TW-phone');

    await page.reload();
    await expect.poll(() => page.getByTestId('card-number').textContent()).toMatch(/\d/);
    expect((await page.getByTestId('card-number').textContent())?.replace(/\s/g, '')).toBe(number);
  });
  it("links a car wash's checkout to the OK card's top-up, with its own tiers", async () => {
    const { page } = await openPage(browser, { viewport: phone, language: 'th' });
    await page.goto('/custom/checkout?hwid=SUNNY-CW1');
    await page.getByTestId('card-top-up-link-ok').click();
    await page.waitForURL(/\/custom\/card-top-up\?placeId=\d+&program=ok/);
    await page.getByRole('heading', { name: 'เติมเงินบัตร OK' }).waitFor();
    // The OK card opens no virtual cards: the page asks for the printed number straight away.
    expect(await page.getByText('บัตรเสมือน', { exact: true }).count()).toBe(0);
    await saveScreenshot(page, 'card-top-up-chooser-th-phone');
    await page.getByLabel('หมายเลขบัตร').fill('660000000003');
    await page.getByRole('button', { name: 'ดำเนินการต่อ' }).click();
    await page.getByRole('group', { name: 'จำนวนเงินที่เติม' }).getByRole('radio').first().check();
    expect(await page.getByTestId('card-gets').textContent()).toMatch(/330/);
    await saveScreenshot(page, 'card-top-up-ok-th-phone');
  });
});

describe('the OK card home', () => {
  it(
    'shows the cards, revenue, deposits and outstanding balance, on a desktop and a phone',
    { timeout: 90_000 },
    async () => {
      const { page } = await openPage(browser, { language: 'en' });
      await signInToSunny(page, demo.owner);
      await page.goto('/ok-card/home');
      await page.getByTestId('ok-card-trend-chart').waitFor();
      const issued = await callApi<{ cards: number; outstanding: number }>(page, 'GET', 'okcard/issued');
      expect(issued.cards).toBeGreaterThan(0);
      expect(await page.getByTestId('ok-card-figure-cards').locator('.ok-card-figure-value').textContent()).toBe(
        String(issued.cards),
      );
      for (const figure of ['revenue', 'deposits', 'outstanding'])
        expect(
          await page.getByTestId(`ok-card-figure-${figure}`).locator('.ok-card-figure-value').textContent(),
        ).toMatch(/^NT\$[\d,]+\.\d{2}$/);
      await saveScreenshot(page, 'ok-card-home-en-desktop');

      await page.getByRole('button', { name: 'Back office' }).click();
      await page.waitForURL(/\/dashboard$/);

      const { page: small } = await openPage(browser, { viewport: phone, language: 'zh-TW' });
      await signInToSunny(small, demo.owner);
      await small.goto('/ok-card/home');
      await small.getByTestId('ok-card-trend-chart').waitFor();
      await small.getByText('未使用餘額').waitFor();
      await saveScreenshot(small, 'ok-card-home-zh-TW-phone');
      await small.getByRole('button', { name: '開啟選單' }).click();
      await small.getByRole('button', { name: '回到管理後台' }).waitFor();
      await saveScreenshot(small, 'ok-card-menu-zh-TW-phone');
    },
  );
});
