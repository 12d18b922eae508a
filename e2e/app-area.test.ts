import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, phone, saveScreenshot, screenSettled } from './support/browser';
import { callApi } from './support/devices';
import { demo, pickMerchant, restoreSession } from './support/sign-in';

// The mobile app opens `/app?target=...` (spec section 2): each target lands on its real screen, with the
// demo's data, and never inside the back-office's own navigation (the app has its bars).

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await openPage(browser, { language: 'en', viewport: phone }));
  await restoreSession(page, demo.owner);
  await pickMerchant(page, 'Sunny Laundry Co.');
});
afterAll(() => browser.close());

type Target = { query: string; address: RegExp; heading: string | RegExp; shows?: string };

type TargetName =
  | 'deviceInfo'
  | 'transactionRecord'
  | 'revenueStatistics'
  | 'vipCardRecord'
  | 'vipCardStatistics'
  | 'vipCardDetail'
  | 'memberList'
  | 'memberDetail'
  | 'memberInvite'
  | 'memberInviteLink'
  | 'merchantInfo'
  | 'merchantEdit'
  | 'merchantPayment'
  | 'walletWithdraw'
  | 'walletBankbook'
  | 'walletWithdrawRecord'
  | 'productInfo';

async function targets(): Promise<Record<TargetName, Target>> {
  const device = (await callApi<{ items: { id: number; name: string }[] }>(page, 'GET', 'device-cloud/list?pageSize=5'))
    .items[0];
  const product = (await callApi<{ id: number; name: string }[] | { items: { id: number; name: string }[] }>(
    page,
    'GET',
    'product/list',
  )) as { id: number; name: string }[] | { items: { id: number; name: string }[] };
  const template = Array.isArray(product) ? product[0] : product.items[0];
  const members = await callApi<{ id: number; nickName: string; email: string }[]>(page, 'GET', 'member/list');
  const member = members.find((item) => item.email === demo.manager) ?? members[0];
  const card = (await callApi<{ items: { id: number; number: string }[] }>(page, 'GET', 'vip-card/list')).items[0];
  if (!device || !template || !member || !card) throw new Error('the demo lacks a device, template, member or card');
  return {
    deviceInfo: { query: `id=${device.id}`, address: /\/app\/device\/info\/\d+$/, heading: device.name },
    transactionRecord: {
      query: '',
      address: /\/app\/dashboard\/transaction-record$/,
      heading: 'Transaction records',
      shows: 'Sunny',
    },
    revenueStatistics: { query: '', address: /\/app\/dashboard\/revenue-statistics$/, heading: 'Revenue statistics' },
    vipCardRecord: { query: '', address: /\/app\/vip-card\/transaction-record$/, heading: 'Member card transactions' },
    vipCardStatistics: { query: '', address: /\/app\/vip-card\/statistics$/, heading: 'Member card statistics' },
    vipCardDetail: {
      query: `id=${card.id}`,
      address: /\/app\/vip-card\/detail\?cardID=\d+$/,
      heading: /./,
      shows: card.number,
    },
    memberList: { query: '', address: /\/app\/member\/list$/, heading: 'Staff', shows: demo.manager },
    memberDetail: { query: `id=${member.id}`, address: /\/app\/member\/\d+$/, heading: member.nickName },
    memberInvite: { query: '', address: /\/app\/member\/invite$/, heading: 'Invite staff' },
    memberInviteLink: { query: '', address: /\/app\/member\/invite-link$/, heading: 'Invitation link' },
    merchantInfo: {
      query: '',
      address: /\/app\/merchant\/info$/,
      heading: 'Merchant details',
      shows: 'Sunny Laundry Co.',
    },
    merchantEdit: { query: '', address: /\/app\/merchant\/edit$/, heading: 'Edit merchant details' },
    merchantPayment: { query: '', address: /\/app\/merchant\/payment$/, heading: 'Payment methods' },
    walletWithdraw: { query: '', address: /\/app\/wallet\/withdraw$/, heading: 'Withdraw' },
    walletBankbook: { query: '', address: /\/app\/wallet\/bankbook$/, heading: 'Bank accounts' },
    walletWithdrawRecord: { query: '', address: /\/app\/wallet\/withdraw-record$/, heading: 'Withdrawal records' },
    productInfo: { query: `id=${template.id}`, address: /\/app\/product\/info\/\d+$/, heading: template.name },
  };
}

describe('the /app targets', () => {
  it('open their real screens without the outer navigation', async () => {
    const all = await targets();
    // The spec's list of targets, all of them.
    expect(Object.keys(all).sort()).toEqual(
      [
        'deviceInfo',
        'transactionRecord',
        'revenueStatistics',
        'vipCardRecord',
        'vipCardStatistics',
        'vipCardDetail',
        'memberList',
        'memberDetail',
        'memberInvite',
        'memberInviteLink',
        'merchantInfo',
        'merchantEdit',
        'merchantPayment',
        'walletWithdraw',
        'walletBankbook',
        'walletWithdrawRecord',
        'productInfo',
      ].sort(),
    );
    for (const [name, target] of Object.entries(all)) {
      await page.goto(`/app?target=${name}${target.query ? `&${target.query}` : ''}`);
      await page.waitForURL(target.address);
      const heading = page.getByRole('heading', { level: 1, name: target.heading }).first();
      await heading.waitFor();
      if (target.shows) await page.getByText(target.shows).first().waitFor();
      expect(await page.getByTestId('coming-screen').count(), name).toBe(0);
      expect(await page.getByTestId('no-access').count(), name).toBe(0);
      expect(
        await page.locator('.manager-sider, .app-header, .nav-drawer, [data-testid=header-merchant]').count(),
        name,
      ).toBe(0);
      if (['productInfo', 'vipCardDetail', 'vipCardRecord', 'deviceInfo'].includes(name)) {
        await screenSettled(page);
        await saveScreenshot(page, `app-target-${name}-en-phone`);
      }
    }
  });

  it('shows product info editable for the owner, and saving stays inside /app', async () => {
    const { productInfo } = await targets();
    await page.goto(`/app?target=productInfo&${productInfo.query}`);
    await page.getByRole('heading', { level: 1, name: productInfo.heading }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Template saved').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/app\/product\/info\/\d+$/);
  });

  it('offers no outer navigation, breaks no word at desktop width, and says when a card id is missing', async () => {
    const { deviceInfo, vipCardDetail } = await targets();
    // A word (a text without spaces, or one kept whole) that wrapped inside itself spans more than one line.
    const brokenWords = (selector: string) =>
      page.locator(selector).evaluateAll((elements) => {
        const broken: string[] = [];
        for (const element of elements) {
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent?.trim() ?? '';
            const whole = getComputedStyle(node.parentElement ?? element).whiteSpace === 'nowrap';
            if (!text || (/\s/.test(text) && !whole)) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.bottom)));
            if (lines.size > 1) broken.push(text);
          }
        }
        return broken;
      });
    for (const viewport of [{ width: 1280, height: 800 }, phone]) {
      await page.setViewportSize(viewport);
      await page.goto('/app/merchant/info');
      await page.getByRole('heading', { level: 1, name: 'Merchant details' }).waitFor();
      await page.getByText('Sunny Laundry Co.').first().waitFor();
      expect(await page.getByRole('button', { name: 'Switch merchant' }).count()).toBe(0);
      expect(await brokenWords('.merchant-info-whole')).toEqual([]);
      await saveScreenshot(page, `app-merchant-info-en-${viewport.width}`);

      await page.goto(`/app?target=deviceInfo&${deviceInfo.query}`);
      await page.getByTestId('device-live').waitFor();
      await screenSettled(page);
      expect(await brokenWords('.device-card-section .ant-descriptions-item-content')).toEqual([]);
      await saveScreenshot(page, `app-device-info-en-${viewport.width}`);
    }

    // A card link written with ?id= opens the card; one without a usable id says so.
    const cardId = vipCardDetail.query.replace('id=', '');
    await page.goto(`/app/vip-card/detail?id=${cardId}`);
    await page.getByText(vipCardDetail.shows!).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/vip-card/detail');
    await page.goto('/app/vip-card/detail?id=abc');
    await page.getByText('This address names no card.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/vip-card/detail');
    await saveScreenshot(page, 'app-card-no-id-en-phone');
  });
});
