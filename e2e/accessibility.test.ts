import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, phone } from './support/browser';
import { demo, pickMerchant, restoreSession } from './support/sign-in';

// axe-core's own build, run in the page (evaluated over the DevTools protocol, so the page's CSP allows it).
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Finding = { id: string; impact: string | null; help: string; targets: string[] };

/**
 * Serious and critical axe findings on the screen now showing (WCAG 2.1 A and AA rules, plus best
 * practice), and headings out of order.
 */
async function seriousFindings(page: Page): Promise<Finding[]> {
  // A screen still loading shows skeletons and spinners; scan what the visitor reads once it has settled.
  await page
    .waitForFunction(() => !document.querySelector('.ant-skeleton, .ant-spin-spinning, .page-loading'), null, {
      timeout: 120_000,
    })
    .catch(() => {});
  // Text still fading in has no contrast axe can judge (it reports it as incomplete, not as a finding).
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), null, {
      timeout: 120_000,
    })
    .catch(() => {});
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type AxeResult = {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    };
    const axe = (globalThis as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } })
      .axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter(
        (violation) =>
          violation.impact === 'serious' || violation.impact === 'critical' || violation.id === 'heading-order',
      )
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
      }));
  });
}

// One scan per screen: the owner's manager centre, the card area, the `/app` screens' shared layout, and the
// pages a consumer or a signed-out visitor sees.
const ownerScreens = [
  '/dashboard',
  '/dashboard/revenue-statistics',
  '/dashboard/transaction-record',
  '/cashbox',
  '/vip-card/transaction-record',
  '/vip-card/statistics',
  '/vip-card/list',
  '/vip-card/settings',
  '/device',
  '/device-log',
  '/product',
  '/promotion',
  '/user',
  '/user/notification',
  '/user/member',
  '/user/member/invite',
  '/user/profile',
  '/user/location',
  '/user/wallet/withdraw',
  '/user/wallet/bankbook',
  '/user/wallet/withdraw-record',
  '/user/place',
  '/user/place/create',
  '/user/merchant',
  '/user/merchant/edit',
  '/user/payment',
  '/user/audit',
  '/user/app',
  '/ok-card/home',
  '/ok-card/list',
  '/ok-card/trade-record',
  '/app/merchant/info',
];
// The screens whose layout changes most on a phone (cards instead of tables, the profile's own menu).
const phoneScreens = ['/dashboard', '/dashboard/transaction-record', '/device', '/vip-card/list', '/user'];
const consumerScreens = ['/custom/checkout?hwid=SUNNY-W01', '/fn/checkout?hwid=SUNNY-W01', '/no-such-screen'];

let browser: Browser;
let context: BrowserContext;
let page: Page;
const found = new Map<string, Finding[]>();

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await openPage(browser, { language: 'en' }));
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

async function scan(path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const findings = await seriousFindings(page);
  if (findings.length > 0) found.set(path, findings);
}

// Each test scans screen after screen, so its bound covers them all on a busy machine: at load average 28
// the owner's ~25 screens took over the journeys' usual 300 s.
const scanAll = { timeout: 900_000 };

describe('accessibility (axe: no serious or critical findings)', () => {
  it('the sign-in page and the screens a consumer or signed-out visitor opens', scanAll, async () => {
    await page.goto('/dashboard');
    await page.waitForURL(/\/sso\/interaction\//);
    const signInFindings = await seriousFindings(page);
    if (signInFindings.length > 0) found.set('sign-in', signInFindings);
    for (const path of consumerScreens) await scan(path);
    expect(Object.fromEntries(found)).toEqual({});
  });

  it("every screen of the owner's back office", scanAll, async () => {
    found.clear();
    await restoreSession(page, demo.owner);
    // The merchant pick first: opening it later would end the merchant session the other screens need.
    const pickFindings = await seriousFindings(page);
    if (pickFindings.length > 0) found.set('/merchant-login', pickFindings);
    await pickMerchant(page, 'Sunny Laundry Co.');
    for (const path of ownerScreens) {
      await scan(path);
      expect(new URL(page.url()).pathname, 'each screen opens itself, not the sign-in or merchant pick').toBe(
        path.split('?')[0],
      );
    }
    expect(Object.fromEntries(found)).toEqual({});
  });

  it('the screens whose layout a phone changes', scanAll, async () => {
    found.clear();
    await page.setViewportSize(phone);
    for (const path of phoneScreens) await scan(path);
    expect(Object.fromEntries(found)).toEqual({});
  });
});
