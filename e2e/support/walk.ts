import type { Page } from 'playwright-core';
import { callApi } from './devices';
import type { DemoIds } from './route-walk';

/** The first record's id of a list answer (`items`, or a plain array). */
function firstId(answer: unknown, what: string): number {
  const list = Array.isArray(answer) ? answer : (answer as { items?: unknown[] } | null)?.items;
  const first = list?.[0] as { id?: unknown } | undefined;
  if (typeof first?.id !== 'number') throw new Error(`the demo has no ${what}`);
  return first.id;
}

/** Ids of the demo's records, read with the owner's merchant token (the page must be signed in as the owner). */
export async function demoIds(page: Page): Promise<DemoIds> {
  const devices = await callApi<{ items: { id: number; hwid: string | null }[] }>(
    page,
    'GET',
    'device-cloud/list?pageSize=100',
  );
  const bound = devices.items.find((device) => device.hwid);
  const okCards = await callApi<{ items: { id: number }[] }>(page, 'GET', 'okcard/list');
  const bankbooks = await callApi<{ id: number }[] | { items: { id: number }[] }>(page, 'GET', 'bankbook/list');
  const bankbook = (Array.isArray(bankbooks) ? bankbooks : bankbooks.items)[0];
  return {
    device: firstId(devices, 'device'),
    hwid: bound?.hwid ?? 'HW-0001',
    product: firstId(await callApi(page, 'GET', 'product/list'), 'product template'),
    member: firstId(await callApi(page, 'GET', 'member/list'), 'member'),
    // The demo starts without a bank account (e2e/money.test.ts adds one): a missing one says so, a real screen too.
    bankbook: bankbook?.id ?? 1,
    promotion: firstId(await callApi(page, 'GET', 'promotion/list'), 'promotion'),
    vipCard: firstId(await callApi(page, 'GET', 'vip-card/list'), 'member card'),
    // The demo may have no OK card: the detail then says the card was not found, which is a real screen too.
    okCard: okCards.items[0]?.id ?? 1,
    place: firstId(await callApi(page, 'GET', 'place/list'), 'place'),
  };
}

/**
 * Opens an address inside the running app, as a link would (no reload), and waits for the new screen's
 * first heading. Headings of the screen left behind are marked first, so an old one never counts.
 */
export async function openInApp(page: Page, address: string): Promise<boolean> {
  await page.evaluate((target) => {
    // Already there (a redirect of the previous address led here): the screen stays as it is.
    const here = `${window.location.pathname}${window.location.search}` === target;
    if (!here) document.querySelectorAll('h1').forEach((heading) => heading.setAttribute('data-walk-left', ''));
    window.history.pushState(window.history.state, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, address);
  const fresh = await page
    .locator('h1:not([data-walk-left])')
    .first()
    .waitFor({ timeout: 30_000 })
    .then(
      () => true,
      () => false,
    );
  if (fresh) return true;
  // The same screen as the one left, so React kept its heading: the address led back to it (a redirect) or
  // to a screen of the same kind. Shown if there is a heading; the checks of the walk judge the rest.
  return (await page.locator('h1').count()) > 0;
}

/** Waits (up to 30 s, for a busy machine) for the screen's own loading indicators to finish. */
export async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .ant-card-loading-content'),
      null,
      {
        timeout: 30_000,
      },
    )
    .catch(() => undefined);
}
