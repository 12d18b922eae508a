// Debian's Chromium as the benches drive it, and the demo owner's sign-in through the product's pages.
import { chromium } from 'playwright-core';

/** Debian's Chromium, or CHROME_PATH's. */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Every bench's Chromium flags: headless, and nothing of its own on the network. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Chromium at /usr/bin/chromium (or CHROME_PATH), headless, with nothing of its own on the network. */
export function launchChromium() {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

/** A phone's screen, as Lighthouse's mobile profile has it: a browser context's options. */
export const phoneContext = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
};

/** The same Chromium started by chrome-launcher, for Lighthouse (its `port` takes a CDP connection). */
export async function launchChromeForLighthouse() {
  const chromeLauncher = await import('chrome-launcher');
  return chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumArgs });
}

/** The demo's owner and the merchant the benches open. */
export const demo = { email: 'demo@example.com', password: 'demo1234', merchant: 'Sunny Laundry Co.' };

/** Signs `page` in at `base` as the demo owner and picks the demo merchant. */
export async function signInAsDemoOwner(page, base) {
  await page.goto(`${base}/merchant-login`);
  await page.locator('input[name=email]').fill(demo.email);
  await page.locator('input[name=password]').fill(demo.password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/merchant-login/);
  await page.getByTestId('merchant-card').filter({ hasText: demo.merchant }).click();
  await page.getByTestId('header-merchant').waitFor({ state: 'attached' });
}
