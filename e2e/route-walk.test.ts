import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, saveScreenshot } from './support/browser';
import { placeholderAllowList, routeWalk, type DemoIds, type WalkedRoute, type WalkRole } from './support/route-walk';
import { demo, pickMerchant, restoreSession } from './support/sign-in';
import { demoIds, openInApp, settle } from './support/walk';

// Every route of the router, opened by each role of the demo (README): each must show a real screen (or
// say plainly that the role has no access), never the "on its way" placeholder (but for the allow-list of
// screens still being built), the error boundary, a denied call, or a blank page.

const roles: Record<WalkRole, string> = {
  owner: demo.owner,
  manager: demo.manager,
  shareholder: 'shareholder@example.com',
  storeManager: demo.storeManager,
  root: 'root@example.com',
};

const walked = Object.entries(routeWalk).filter((entry): entry is [string, WalkedRoute] => 'area' in entry[1]);

let browser: Browser;
let ids: DemoIds;
beforeAll(async () => {
  browser = await launchBrowser();
  const { page, context } = await openPage(browser, { language: 'en' });
  await restoreSession(page, demo.owner);
  await pickMerchant(page, 'Sunny Laundry Co.');
  ids = await demoIds(page);
  await context.close();
});
afterAll(() => browser.close());

/** What is wrong with the screen now shown at `route`, or nothing. */
async function problemsOf(page: Page, route: string, walk: WalkedRoute, role: WalkRole, denied: string[]) {
  const problems: string[] = [];
  const count = (selector: string) => page.locator(selector).count();
  if ((await count('[data-testid=route-error]')) > 0) problems.push('the error boundary');
  const hidden = walk.onlyFor !== undefined && !walk.onlyFor.includes(role);
  const notFound = (await count('[data-testid=not-found]')) > 0;
  if (notFound !== hidden) problems.push(hidden ? 'shown to a role it is hidden from' : 'not-found');
  if ((await count('[data-testid=coming-screen]')) > 0 && !placeholderAllowList.includes(route))
    problems.push('the "on its way" placeholder');
  const heading = (await page.locator('h1').first().textContent())?.trim() ?? '';
  const text = (await page.locator('body').innerText()).trim();
  if (!heading || text.length < 40) problems.push(`a blank page (heading "${heading}", ${text.length} characters)`);
  if (walk.area === 'app' && (await count('.manager-sider, .app-header, .nav-drawer, .ok-card-nav')) > 0)
    problems.push('the outer navigation inside /app');
  // A screen the role may open must not make calls the role is refused (the no-access screen makes none).
  if (denied.length > 0) problems.push(`denied calls: ${denied.join(', ')}`);
  return problems;
}

describe('every route, for every role', () => {
  for (const [role, email] of Object.entries(roles) as [WalkRole, string][]) {
    it(`${role}: no placeholder, error, denied call or blank page`, { timeout: 600_000 }, async () => {
      const { page, context } = await openPage(browser, { language: 'en' });
      const denied: string[] = [];
      const pageErrors: string[] = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (response.status() === 403 && url.pathname.startsWith('/api/')) denied.push(url.pathname);
      });
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await restoreSession(page, email);
      await pickMerchant(page, 'Sunny Laundry Co.');

      const failures: string[] = [];
      let noAccess = 0;
      for (const [route, walk] of walked) {
        const { address } = walk;
        denied.length = 0;
        pageErrors.length = 0;
        const shown = await openInApp(page, address(ids));
        await settle(page);
        const problems = shown ? await problemsOf(page, route, walk, role, denied) : ['no heading within 20 s (blank)'];
        if (pageErrors.length > 0) problems.push(`script errors: ${pageErrors.join('; ')}`);
        if ((await page.getByTestId('no-access').count()) > 0) noAccess += 1;
        if (problems.length > 0) {
          failures.push(`${route} (${address(ids)}): ${problems.join('; ')}`);
          console.log(`route walk, ${role}: ${failures.at(-1)}`);
          await saveScreenshot(page, `route-walk-${role}-failure-${failures.length}`);
        }
      }
      console.log(`route walk, ${role}: ${walked.length} routes, ${noAccess} answered "no access"`);
      if (failures.length > 0) console.log(`route walk, ${role}, failures:\n${failures.join('\n')}`);
      expect(failures).toEqual([]);
      await context.close();
    });
  }
});
