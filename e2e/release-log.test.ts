import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, openPage, saveScreenshot } from './support/browser';
import { demo, pickMerchant, restoreSession } from './support/sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const video = (page: Page) =>
  page.evaluate(() => {
    const element = document.querySelector<HTMLVideoElement>('[data-testid=video-player] video')!;
    const showing = Array.from(element.textTracks).filter((track) => track.mode === 'showing');
    return {
      currentTime: element.currentTime,
      duration: element.duration,
      volume: element.volume,
      muted: element.muted,
      paused: element.paused,
      captions: showing.map((track) => track.language),
      fullscreen: document.fullscreenElement?.getAttribute('data-testid') ?? null,
    };
  });

async function signedInOwner(viewport = desktop) {
  const opened = await openPage(browser, { viewport, language: 'en' });
  await restoreSession(opened.page, demo.owner);
  await pickMerchant(opened.page, 'Sunny Laundry Co.');
  return opened;
}

describe('the release log at /user/app', () => {
  it("marks what's new for a new user, lists the notes newest first and clears the mark once opened", async () => {
    const { page, context } = await signedInOwner();
    const mark = page.getByTestId('whats-new');
    await expect.poll(() => mark.getAttribute('data-unseen')).not.toBe('0');
    expect(await mark.locator('.ant-badge-dot').count()).toBe(1);
    await saveScreenshot(page, 'release-log-whats-new-mark-en-desktop');

    await page.getByRole('button', { name: /What's new: \d+ unread release notes/ }).click();
    await page.waitForURL(/\/user\/app$/);
    await page.getByTestId('release-note').first().waitFor();
    const days = await page.getByTestId('release-day').evaluateAll((sections) => sections.map((s) => s.dataset.date!));
    expect(days.length).toBeGreaterThan(1);
    expect(days).toEqual([...days].sort().reverse());
    const firstDayTypes = await page
      .locator('[data-testid=release-day]')
      .first()
      .getByTestId('release-note')
      .evaluateAll((notes) => notes.map((note) => note.dataset.type));
    // Each day's notes: what is new first, then improvements, then fixes.
    const typeOrder = ['new', 'improvement', 'fix'];
    const ranks = firstDayTypes.map((type) => typeOrder.indexOf(type!));
    expect(ranks.every((rank) => rank >= 0)).toBe(true);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(await page.getByRole('heading', { level: 1, name: 'Release notes' }).count()).toBe(1);

    // Opened: the mark is gone, and stays gone after a reload.
    await expect.poll(() => mark.getAttribute('data-unseen')).toBe('0');
    expect(await mark.locator('.ant-badge-dot').count()).toBe(0);
    await saveScreenshot(page, 'release-log-en-desktop');
    await page.reload();
    await page.getByTestId('release-note').first().waitFor();
    expect(await page.getByTestId('whats-new').getAttribute('data-unseen')).toBe('0');

    // Filter by kind.
    await page.getByText('Fixes', { exact: true }).click();
    const types = await page.getByTestId('release-note').evaluateAll((notes) => notes.map((n) => n.dataset.type));
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['fix']));
    await context.close();
  });

  it('opens the day a date asks for, and says so when that day has no notes', async () => {
    const { page, context } = await signedInOwner({ width: 1280, height: 600 });
    await page.goto('/user/app');
    const oldest = await page
      .getByTestId('release-day')
      .last()
      .evaluate((section) => section.dataset.date!);

    await page.goto(`/user/app?date=${oldest}`);
    const day = page.locator(`[data-testid=release-day][data-date="${oldest}"]`);
    await day.waitFor();
    await expect.poll(() => day.getAttribute('class')).toContain('release-day-highlighted');
    expect(await day.getAttribute('aria-current')).toBe('date');
    // Scrolled to it: its heading is on screen, and it has the focus.
    await expect
      .poll(() => day.locator('h2').evaluate((heading) => heading.getBoundingClientRect().top))
      .toBeLessThan(600);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
    await saveScreenshot(page, 'release-log-date-en-desktop');

    await page.goto('/user/app?date=2020-01-01');
    await page.getByTestId('release-date-missing').waitFor();
    expect(await page.getByTestId('release-date-missing').textContent()).toContain('There are no release notes for');
    expect(await page.locator('.release-day-highlighted').count()).toBe(0);
    await page.goto('/user/app?date=yesterday');
    await page.getByText('"yesterday" is not a date').waitFor();
    await context.close();
  });

  it('plays the release-note video from the keyboard, and a double click toggles full screen', async () => {
    const { page, context } = await signedInOwner();
    await page.goto('/user/app');
    const player = page.getByTestId('video-player');
    await player.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await video(page)).duration).toBeGreaterThan(12);
    const { duration } = await video(page);

    // Reached by Tab like any control; its focus ring shows.
    await page.getByRole('button', { name: "What's new", exact: true }).focus();
    await page.keyboard.press('Tab');
    for (let tabs = 0; tabs < 40; tabs += 1) {
      if (await player.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    expect(await player.evaluate((element) => element.matches(':focus-visible'))).toBe(true);

    await page.keyboard.press('Space');
    await expect.poll(async () => (await video(page)).paused).toBe(false);
    await page.keyboard.press('k');
    await expect.poll(async () => (await video(page)).paused).toBe(true);
    await page.evaluate(() => {
      document.querySelector<HTMLVideoElement>('[data-testid=video-player] video')!.currentTime = 0;
    });

    await page.keyboard.press('ArrowRight');
    expect((await video(page)).currentTime).toBeCloseTo(10, 1);
    await page.keyboard.press('ArrowLeft');
    expect((await video(page)).currentTime).toBeCloseTo(0, 1);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    expect((await video(page)).currentTime).toBeCloseTo(duration, 1);
    await page.keyboard.press('ArrowLeft');
    expect((await video(page)).currentTime).toBeCloseTo(duration - 10, 1);
    await page.keyboard.press('Shift+ArrowLeft');
    expect((await video(page)).currentTime).toBe(0);

    expect((await video(page)).volume).toBe(1);
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowDown');
    expect((await video(page)).volume).toBe(0.7);
    await page.keyboard.press('ArrowUp');
    expect((await video(page)).volume).toBe(0.8);
    await page.keyboard.press('m');
    expect((await video(page)).muted).toBe(true);
    await page.getByRole('button', { name: 'Unmute' }).waitFor();
    await page.keyboard.press('m');
    expect((await video(page)).muted).toBe(false);

    expect((await video(page)).captions).toEqual([]);
    await page.keyboard.press('c');
    await expect.poll(async () => (await video(page)).captions).toEqual(['en']);
    expect(await page.getByRole('button', { name: 'Captions CC' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await saveScreenshot(page, 'release-log-video-captions-en-desktop');
    await page.keyboard.press('c');
    await expect.poll(async () => (await video(page)).captions).toEqual([]);
    expect(await page.getByRole('button', { name: 'Captions CC' }).getAttribute('aria-pressed')).toBe('false');

    // The picture: a double click toggles full screen (and does not play); one click plays after the window.
    const surface = page.getByTestId('video-surface');
    await surface.dblclick();
    await expect.poll(async () => (await video(page)).fullscreen).toBe('video-player');
    // Past the double-tap window on the page's own timers: a single-tap play (500 ms) would have run first.
    await page.evaluate(() => new Promise((resolve) => window.setTimeout(resolve, 600)));
    expect((await video(page)).paused).toBe(true);
    await saveScreenshot(page, 'release-log-video-fullscreen-en-desktop');
    await surface.dblclick();
    await expect.poll(async () => (await video(page)).fullscreen).toBeNull();
    await surface.click();
    expect((await video(page)).paused).toBe(true);
    await expect.poll(async () => (await video(page)).paused, { timeout: 30_000 }).toBe(false);
    await player.focus();
    await page.keyboard.press('f');
    await expect.poll(async () => (await video(page)).fullscreen).toBe('video-player');
    await page.keyboard.press('f');
    await expect.poll(async () => (await video(page)).fullscreen).toBeNull();
    await context.close();
  });

  it.each([
    { width: 390, height: 844 },
    { width: 360, height: 740 },
  ])('fits a $width px phone, the player controls included', async (viewport) => {
    const { page, context } = await signedInOwner(viewport);
    const mark = page.getByTestId('whats-new');
    await expect.poll(() => mark.getAttribute('data-unseen')).not.toBe('0');
    await saveScreenshot(page, `release-log-whats-new-mark-en-phone-${viewport.width}`);
    await mark.getByRole('button').click();
    await page.getByTestId('release-note').first().waitFor();
    await expect.poll(() => mark.getAttribute('data-unseen')).toBe('0');
    await saveScreenshot(page, `release-log-en-phone-${viewport.width}`);

    const player = page.getByTestId('video-player');
    await player.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await video(page)).duration).toBeGreaterThan(12);
    for (const name of ['Play', 'Mute', 'Captions CC', 'Full screen']) {
      const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(box.height).toBeGreaterThanOrEqual(40);
    }
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(async () => (await video(page)).paused).toBe(false);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, `release-log-video-en-phone-${viewport.width}`);
    await context.close();
  });

  it('shows the notes and the player in the interface language', async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 390, height: 844 }, language: 'th' });
    await restoreSession(page, demo.owner);
    await pickMerchant(page, 'Sunny Laundry Co.');
    await page.goto('/user/app');
    await page.getByTestId('release-note').first().waitFor();
    await page.getByText('ทั้งหมด', { exact: true }).waitFor();
    expect(await page.getByTestId('release-note').first().locator('h3').textContent()).toMatch(/[\u0E00-\u0E7F]/);
    await page.getByRole('button', { name: 'เล่น', exact: true }).waitFor();
    await page.getByTestId('video-player').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'release-log-video-th-phone');
    await context.close();
  });
});
