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

/**
 * The run's one Chromium (started by support/browser-server.ts), connected to. Closing what this
 * answers closes the file's contexts and disconnects; Chromium itself stays up for the next file.
 * `extraArgs` (say, `--host-resolver-rules` for a second host name) need switches of their own: those
 * few journeys get a Chromium of their own.
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (extraArgs.length === 0) return chromium.connect(inject('browserEndpoint'), { timeout: 60_000 });
  return chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, ...extraArgs] });
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
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(90_000);
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
