import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumArgs, chromiumPath } from './browser-server';
import { workerProduct } from './worker-product';

/** This worker's product as the browser sees it (its sign-in service redirects to this host). */
export const baseUrl = () => workerProduct().baseUrl;
/** The same product for calls made from the test itself (Node's fetch prefers IPv4 here). */
export const apiBase = () => `${baseUrl().replace('localhost', '127.0.0.1')}/api/v1`;

const screenshotDir = new URL('../screenshots/', import.meta.url);

export const desktop = { width: 1280, height: 800 };
export const phone = { width: 390, height: 844 };

/** The browsers this file opened and has not closed: what a failed journey left on screen is in them. */
const openBrowsers = new Set<Browser>();

/**
 * The run's one Chromium (started by support/browser-server.ts), connected to. Closing what this
 * answers closes the file's contexts and disconnects; Chromium itself stays up for the next file.
 * `extraArgs` (say, `--host-resolver-rules` for a second host name) need switches of their own: those
 * few journeys get a Chromium of their own.
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const browser =
    extraArgs.length === 0
      ? await chromium.connect(inject('browserEndpoint'), { timeout: 60_000 })
      : await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, ...extraArgs] });
  openBrowsers.add(browser);
  browser.on('disconnected', () => openBrowsers.delete(browser));
  return browser;
}

/**
 * After a failed journey: each open page's address and visible text in the output, and its screenshot
 * as e2e/screenshots/failed-<test>-<n>.png, so a failure seen once (in CI, on a busy machine) says what
 * the screen showed instead of only what was awaited.
 */
export async function recordFailureEvidence(testName: string): Promise<void> {
  const pages = [...openBrowsers].flatMap((browser) => browser.contexts().flatMap((context) => context.pages()));
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  for (const [index, page] of pages.entries()) {
    const text = await page
      .evaluate(() => document.body?.innerText ?? '')
      .catch((error: unknown) => `(no text: ${String(error)})`);
    console.error(`[failed: ${testName}] page ${index + 1}/${pages.length} at ${page.url()}\n${text.slice(0, 1500)}`);
    const path = new URL(`failed-${slug}-${index + 1}.png`, screenshotDir).pathname;
    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path, animations: 'disabled', timeout: 10_000 }).catch(() => undefined);
  }
}

type ContextOptions = { viewport?: { width: number; height: number }; language?: string };

/** A fresh browser profile; the stored `lang` choice is set up front when a language is given. */
export async function openPage(browser: Browser, { viewport = desktop, language }: ContextOptions = {}) {
  // Reduced motion: the product then opens dialogs and menus without animation, so clicks land where they aim.
  const context: BrowserContext = await browser.newContext({
    viewport,
    locale: 'en-US',
    baseURL: baseUrl(),
    reducedMotion: 'reduce',
  });
  // Generous bounds for a busy machine: a wait ends as soon as its condition holds.
  context.setDefaultTimeout(120_000);
  context.setDefaultNavigationTimeout(180_000);
  if (language) {
    await context.addInitScript((lang) => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', lang);
    }, language);
  }
  const page = await context.newPage();
  return { context, page };
}

/**
 * Saves a screenshot a person can look at: e2e/screenshots/<name>.png. Headless Chromium now and then
 * stalls capturing a frame on this shared machine; one more try after bringing the page to the front.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = new URL(`${name}.png`, screenshotDir).pathname;
  try {
    await page.screenshot({ path, animations: 'disabled', timeout: 15_000 });
  } catch {
    await page.bringToFront();
    await page.screenshot({ path, animations: 'disabled', timeout: 30_000 });
  }
}

/**
 * Waits until the screen is still for a picture: no loading indicator, and no dialog, menu or toast
 * in the middle of an opening or closing transition (antd marks those with -enter/-appear/-leave classes).
 * `loading: false` for a dialog over a screen whose call failed (its loader may stay behind the dialog).
 */
export async function screenSettled(page: Page, { loading = true } = {}): Promise<void> {
  await page.waitForFunction((checkLoading) => {
    const loader = '.ant-spin-spinning, .ant-skeleton-active, .ant-card-loading-content';
    if (checkLoading && document.querySelector(loader)) return false;
    const moving = /^ant-.+-(enter|appear|leave)(-start|-prepare|-active)?$/;
    return !Array.from(document.querySelectorAll('[class*="ant-"]')).some((node) =>
      Array.from(node.classList).some((name) => moving.test(name)),
    );
  }, loading);
}

/**
 * A downloaded file's path on this machine. The browser runs as a server the journeys connect to,
 * where `download.path()` is not available: the file is copied over into a temp folder.
 */
export async function downloadedFile(download: Download): Promise<string> {
  const path = `${mkdtempSync(`${tmpdir()}/sbo-e2e-download-`)}/${download.suggestedFilename()}`;
  await download.saveAs(path);
  return path;
}
