import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { DeviceListItem, MemberDetail, MemberListItem, NotificationSettings } from '@sbo/contracts';
import { machineTypeByKind } from '@sbo/contracts/mqtt';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, openPage, phone, saveScreenshot } from './support/browser';
import { workerProduct } from './support/worker-product';
import { callApi, signInToSunny } from './support/devices';
import { confirmDialog } from './support/forms';
import { demo, pickMerchant, restoreSession } from './support/sign-in';

// A machine of the journey's own: a service agent registers it for Sunny Laundry, the owner binds it,
// and a simulated vending machine (the simulator's machine, over MQTT like the demo fleet) runs it with
// faults certain, so the first sale ends in a bill validator fault the owner is told about live.
const stamp = Date.now().toString(36).toUpperCase();
const hwid = `E2E-VM1-${stamp}`;
const deviceName = `Alarm vending ${stamp.slice(-4)}`;

let browser: Browser;
let owner: Page;
let fleet: ChildProcess | null = null;
let settingsBefore: NotificationSettings;
let stella: MemberDetail;

const bell = (page: Page) => page.getByTestId('notification-bell');
/** The unread count the header's bell says (its label: "Notifications, N unread"). */
async function badgeCount(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(label)?.[1] ?? NaN);
}

beforeAll(async () => {
  browser = await launchBrowser();
  owner = (await openPage(browser, { viewport: desktop, language: 'en' })).page;
  await signInToSunny(owner, demo.owner);
  settingsBefore = await callApi<NotificationSettings>(owner, 'GET', 'notification/settings');
  const members = await callApi<MemberListItem[]>(owner, 'GET', 'member/list');
  const store = members.find((member) => member.nickName === 'Stella Store');
  if (!store) throw new Error('no member named Stella Store');
  stella = await callApi<MemberDetail>(owner, 'GET', `member/${store.id}`);
});

/**
 * Runs the simulator's command line (as `npm start` runs the demo fleet) for one machine: customers
 * every second or so and every sale ending in a fault within seconds.
 */
function simulate(machine: { hwid: string; secret: string; kind: string; model: string }): ChildProcess {
  const dir = mkdtempSync(`${tmpdir()}/sbo-e2e-fleet-`);
  const file = `${dir}/fleet.json`;
  writeFileSync(file, JSON.stringify([machine]));
  const root = fileURLToPath(new URL('../', import.meta.url));
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      `${root}apps/simulator/src/cli.ts`,
      ...['--fleet', file, '--url', workerProduct().mqttUrl, '--stats', '0'],
      ...['--time-scale', '60', '--customers', '20', '--faults', '1000'],
    ],
    { cwd: root, stdio: 'ignore' },
  );
  child.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return child;
}

async function stopSimulator(): Promise<void> {
  if (!fleet || fleet.exitCode !== null) return;
  const exited = new Promise((resolve) => fleet!.once('exit', resolve));
  fleet.kill('SIGINT');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  if (fleet.exitCode === null) fleet.kill('SIGKILL');
  fleet = null;
}

afterAll(async () => {
  await stopSimulator();
  // The next journeys find the owner's choices and Stella's groups as they were.
  const { kinds, criticalKinds, quietHours, report } = settingsBefore;
  await callApi(owner, 'PUT', 'notification/settings', { kinds, criticalKinds, quietHours, report }).catch(() => {});
  await callApi(owner, 'PUT', `member/${stella.id}`, {
    permissionGroups: stella.permissionGroups,
    deviceWhitelist: stella.deviceWhitelist,
  }).catch(() => {});
  await browser.close();
});

describe('the notification centre', () => {
  it('shows a simulated machine fault as it happens, without a reload, and the bell counts it', async () => {
    await owner.goto('/user/notification');
    await owner.getByRole('heading', { level: 1, name: 'Notification centre' }).waitFor();
    // The demo seed's past alerts: the centre is not empty on a fresh start.
    await owner.getByText('Washer fault: door lock (1) (code 16091058)').waitFor();
    await expect.poll(() => badgeCount(owner)).toBeGreaterThan(0);
    const before = await badgeCount(owner);

    // A service agent registers the controller for Sunny Laundry; the owner binds it to a new machine.
    const root = (await openPage(browser, { viewport: desktop, language: 'en' })).page;
    await restoreSession(root, 'root@example.com');
    await pickMerchant(root, 'Sunny Laundry Co.');
    const device = await callApi<DeviceListItem>(root, 'POST', 'admin/device-cloud', {
      name: deviceName,
      serialNum: `SN-${stamp}`,
      machineType: machineTypeByKind.vending,
      model: 'VM1',
    });
    const { secret } = await callApi<{ secret: string }>(root, 'POST', 'admin/hardware', { hwid, model: 'VM1' });
    await root.context().close();
    await callApi(owner, 'POST', `device-cloud/${device.id}/binding`, { hwid });

    fleet = simulate({ hwid, secret, kind: 'vending', model: 'VM1' });

    const alert = owner
      .getByTestId('notification-item')
      .filter({ hasText: deviceName })
      .filter({ hasText: 'Machine fault' })
      .first();
    await alert.waitFor({ timeout: 120_000 });
    await stopSimulator();
    expect(await alert.textContent()).toMatch(/Bill validator fault|Coin|fault/i);
    expect(await alert.evaluate((node) => node.classList.contains('notification-unread'))).toBe(true);
    await expect.poll(() => badgeCount(owner)).toBeGreaterThan(before);
    await saveScreenshot(owner, 'notifications-live-en-desktop');
  });

  it('marks one read, then all after a confirmation', async () => {
    // Alerts the journey's machine raised just before it stopped may still be on their way: wait till none come.
    let settled = await badgeCount(owner);
    for (;;) {
      await owner.waitForTimeout(6_000);
      const now = await badgeCount(owner);
      if (now === settled) break;
      settled = now;
    }
    const first = owner.locator('.notification-unread').first();
    const id = await first.getAttribute('data-notification-id');
    await first.getByRole('button', { name: 'Mark read' }).click();
    await expect.poll(() => badgeCount(owner)).toBe(settled - 1);
    const item = owner.locator(`[data-notification-id="${id}"]`);
    expect(await item.evaluate((node) => node.classList.contains('notification-unread'))).toBe(false);

    await owner.getByRole('button', { name: 'Mark all read' }).click();
    await owner.getByText(/Mark all \d+ unread notifications as read\?/).waitFor();
    await confirmDialog(owner);
    await expect.poll(() => badgeCount(owner)).toBe(0);
    await expect.poll(() => owner.locator('.notification-unread').count()).toBe(0);
    expect(await owner.getByRole('button', { name: 'Mark all read' }).isDisabled()).toBe(true);

    // Unread only: nothing left.
    await owner.getByText('Unread only').click();
    await owner.getByText('No notifications match these filters.').waitFor();
    await owner.getByText('Unread only').click();
  });

  it('keeps changed settings (quiet hours across midnight, a channel) after a reload', async () => {
    await owner.goto('/user/notification?tab=settings');
    await owner.getByText('Events and channels').waitFor();
    await owner.getByText('Hold back phone, LINE and e-mail notifications during quiet hours').click();
    const from = owner.getByRole('textbox', { name: 'Quiet from' });
    const to = owner.getByRole('textbox', { name: 'Quiet until' });
    await from.click();
    await from.fill('23:30');
    await from.press('Enter');
    await to.click();
    await to.fill('06:15');
    await to.press('Enter');
    // By default only what needs someone now is pushed: a machine offline is, an idle machine waits in the centre.
    await owner.getByTestId('settings-defaults-note').waitFor();
    expect(await owner.getByRole('checkbox', { name: 'Idle machine: App push' }).isChecked()).toBe(false);
    const offlinePush = owner.getByRole('checkbox', { name: 'Machine offline: App push' });
    expect(await offlinePush.isChecked()).toBe(true);
    await offlinePush.uncheck();
    await saveScreenshot(owner, 'notifications-settings-en-desktop');
    await owner.getByRole('button', { name: 'Save settings' }).click();
    await owner.getByText('Notification settings saved').last().waitFor();

    await owner.reload();
    await owner.getByText('Events and channels').waitFor();
    expect(await owner.getByRole('textbox', { name: 'Quiet from' }).inputValue()).toBe('23:30');
    expect(await owner.getByRole('textbox', { name: 'Quiet until' }).inputValue()).toBe('06:15');
    expect(await owner.getByRole('checkbox', { name: 'Machine offline: App push' }).isChecked()).toBe(false);
    const saved = await callApi<NotificationSettings>(owner, 'GET', 'notification/settings');
    expect(saved.quietHours).toEqual({ from: '23:30', to: '06:15' });
    expect(saved.kinds.deviceOffline.push).toBe(false);
    // Owners tune the merchant's thresholds in the same tab.
    await owner.getByText('Alert thresholds for the whole merchant').waitFor();
  });

  it('subscribes this browser to app push from the settings, and unsubscribes it', async () => {
    const { page, context } = await openPage(browser, { viewport: desktop, language: 'en' });
    await context.grantPermissions(['notifications']);
    // Headless Chromium here cannot reach Google's push service, which hands out the subscription; the page's
    // PushManager answers with a subscription of its own instead (real P-256 keys, an FCM address), so the
    // product's own part runs for real: the VAPID key from the api, the subscription stored, the count, removal.
    await context.addInitScript(() => {
      // The headless shell answers `Notification.permission` with 'denied' whatever the context granted (its
      // Permissions API says 'granted'); the page is told what the browser was granted.
      Object.defineProperty(Notification, 'permission', { get: () => 'granted' });
      Notification.requestPermission = async () => 'granted';
      let current: PushSubscription | null = null;
      const base64url = (bytes: ArrayBuffer) =>
        btoa(String.fromCharCode(...new Uint8Array(bytes)))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      PushManager.prototype.getSubscription = async () => current;
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
          'deriveBits',
        ])) as CryptoKeyPair;
        const p256dh = base64url(await crypto.subtle.exportKey('raw', pair.publicKey));
        const auth = base64url(crypto.getRandomValues(new Uint8Array(16)).buffer);
        const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Date.now()}`;
        const subscription = {
          endpoint,
          expirationTime: null,
          options: { applicationServerKey: options?.applicationServerKey ?? null, userVisibleOnly: true },
          toJSON: () => ({ endpoint, keys: { p256dh, auth } }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        };
        current = subscription as unknown as PushSubscription;
        return current;
      };
    });
    await signInToSunny(page, demo.manager);
    await page.goto('/user/notification?tab=settings');
    const here = page.getByTestId('push-here');
    await here.waitFor();
    expect(await here.textContent()).toBe('This browser does not receive app push');
    await page.getByRole('button', { name: 'Receive push in this browser' }).click();
    await page.getByText('This browser receives app push').waitFor();
    await page.getByText('Browsers subscribed: 1').waitFor();
    await saveScreenshot(page, 'notifications-push-subscribed-en-desktop');
    const stored = await callApi<NotificationSettings>(page, 'GET', 'notification/settings');
    expect(stored.channels.pushSubscriptions).toBe(1);
    await page.getByRole('button', { name: 'Stop push in this browser' }).click();
    await page.getByText('This browser does not receive app push').waitFor();
    await page.getByText('Browsers subscribed: 0').waitFor();
    await context.close();
  });

  it('fits a phone', async () => {
    const { page, context } = await openPage(browser, { viewport: phone, language: 'en' });
    await signInToSunny(page, demo.owner);
    await page.goto('/user/notification');
    await page.getByTestId('notification-item').first().waitFor();
    expect(await bell(page).isVisible()).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'notifications-en-phone');
    await page.goto('/user/notification?tab=settings');
    await page.getByText('Quiet hours').first().waitFor();
    await page.getByTestId('push-here').waitFor();
    await saveScreenshot(page, 'notifications-settings-en-phone');
    // The settings keep to the phone's width: the events table scrolls inside its card, and the channel
    // panel's states and buttons wrap inside theirs, in English and in Malay (the longest of the texts).
    const settingsOverflow = () =>
      page.evaluate(() => {
        const panel = document.querySelector('.channel-panel')!.getBoundingClientRect();
        const table = document.querySelector('.channel-panel table')!.getBoundingClientRect();
        return {
          page: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
          card: Math.max(0, Math.round(table.right - panel.right)),
        };
      });
    expect(await settingsOverflow()).toEqual({ page: 0, card: 0 });
    await page.evaluate(() => localStorage.setItem('lang', 'ms'));
    await page.reload();
    await page.getByText('Waktu senyap').first().waitFor();
    await page.getByTestId('push-here').waitFor();
    expect(await settingsOverflow()).toEqual({ page: 0, card: 0 });
    await page.locator('.channel-panel').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'notifications-settings-ms-phone');
    // A server without LINE says so, in each language, rather than blame the member's LINE account.
    for (const [language, lineNotSetUp] of [
      ['zh-TW', '此伺服器尚未設定 LINE'],
      ['ja', 'このサーバーでは LINE が設定されていません'],
    ] as const) {
      await page.evaluate((lang) => localStorage.setItem('lang', lang), language);
      await page.reload();
      await page.getByTestId('settings-defaults-note').waitFor();
      await page.getByText(lineNotSetUp).waitFor();
      await saveScreenshot(page, `notifications-settings-${language}-phone`);
      await page.locator('.channel-panel').scrollIntoViewIfNeeded();
      await saveScreenshot(page, `notifications-channels-${language}-phone`);
    }
    await context.close();
  });

  it('gives a member without the notification permission no bell and no centre', async () => {
    await callApi(owner, 'PUT', `member/${stella.id}`, {
      permissionGroups: stella.permissionGroups.filter((group) => group !== 'notification'),
      deviceWhitelist: stella.deviceWhitelist,
    });
    const { page, context } = await openPage(browser, { viewport: desktop, language: 'en' });
    await signInToSunny(page, demo.storeManager);
    await page.goto('/user/notification');
    await page.getByText(/^You do not have access to /).waitFor();
    expect(await bell(page).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Notifications' }).count()).toBe(0);
    await saveScreenshot(page, 'notifications-no-access-en-desktop');
    await context.close();
  });
});
