import type { DeviceListItem, TransactionRow } from '@sbo/contracts';
import { deviceTopics, machineTypeByKind, protocolVersion } from '@sbo/contracts/mqtt';
import mqtt from 'mqtt';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { desktop, launchBrowser, openPage, phone, saveScreenshot } from './support/browser';
import { callApi, signInToSunny } from './support/devices';
import { demo, pickMerchant, signIn } from './support/sign-in';

// A machine of the journey's own whose clock is ten days slow: its sale is recorded when it arrives
// and its record says what the machine reported (docs/money.md, "When a sale happened").
const stamp = Date.now().toString(36).toUpperCase();
const hwid = `E2E-CLK-${stamp}`;
const deviceName = `Slow clock washer ${stamp.slice(-4)}`;
const day = 86_400_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Registers and binds a washer for Sunny Laundry; answers its cloud id and secret. */
async function registerWasher(): Promise<{ deviceId: number; secret: string }> {
  const root = (await openPage(browser, { viewport: desktop, language: 'en' })).page;
  await signIn(root, 'root@example.com');
  await pickMerchant(root, 'Sunny Laundry Co.');
  const device = await callApi<DeviceListItem>(root, 'POST', 'admin/device-cloud', {
    name: deviceName,
    serialNum: `SN-${stamp}`,
    machineType: machineTypeByKind.washer,
    model: 'AB3',
  });
  const { secret } = await callApi<{ secret: string }>(root, 'POST', 'admin/hardware', { hwid, model: 'AB3' });
  await callApi(root, 'POST', `device-cloud/${device.id}/binding`, { hwid });
  await root.context().close();
  return { deviceId: device.id, secret };
}

/** The machine connects and reports one cash sale stamped by its clock, ten days slow. */
async function sellWithSlowClock(secret: string): Promise<number> {
  const client = await mqtt.connectAsync(inject('mqttUrl'), {
    clientId: hwid,
    username: hwid,
    password: secret,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  const topics = deviceTopics(hwid);
  const claimed = Date.now() - 10 * day;
  const bootId = `clk${stamp.toLowerCase()}`;
  await client.publishAsync(
    topics.status,
    JSON.stringify({
      v: protocolVersion,
      status: 'online',
      bootId,
      connId: bootId,
      sentAt: claimed,
      protocol: '1.0',
      kind: 'washer',
      model: 'AB3',
      machineType: machineTypeByKind.washer,
      firmware: '3.2.0',
    }),
    { qos: 1, retain: true },
  );
  await client.publishAsync(
    topics.event,
    JSON.stringify({
      v: protocolVersion,
      eventId: `${bootId}-1`,
      occurredAt: claimed,
      sentAt: claimed,
      kind: 'sale',
      amount: 6000,
      payGateway: 'offline',
      course: 'standard',
    }),
    { qos: 1 },
  );
  await client.endAsync();
  return claimed;
}

describe('a sale from a machine whose clock is off', () => {
  it('is recorded today and its details say what time the machine reported', { timeout: 180_000 }, async () => {
    const { deviceId, secret } = await registerWasher();
    const claimed = await sellWithSlowClock(secret);

    const { page, context } = await openPage(browser, { viewport: desktop, language: 'en' });
    await signInToSunny(page, demo.owner);
    // The sale is on today's records (acknowledged means stored), not ten days back.
    const today = await callApi<{ items: TransactionRow[] }>(page, 'GET', `transaction/list?deviceId=${deviceId}`);
    expect(today.items).toHaveLength(1);
    const sale = today.items[0]!;
    expect(Math.abs(Date.parse(sale.createdAt) - Date.now())).toBeLessThan(day / 2);
    expect(Date.parse(sale.createdAt) - claimed).toBeGreaterThan(9 * day);

    await page.goto(`/dashboard/transaction-record?detail=${sale.id}`);
    const warning = page.getByTestId('transaction-clock-off');
    await warning.waitFor();
    expect(await warning.innerText()).toMatch(/The machine reported .+; recorded at the time received\./);
    await saveScreenshot(page, 'device-clock-en-desktop');

    // The same record in Japanese, on a desktop and on a phone.
    await page.evaluate(() => localStorage.setItem('lang', 'ja'));
    await page.reload();
    await warning.waitFor();
    expect(await warning.innerText()).toContain('受信した時刻で記録しました');
    await saveScreenshot(page, 'device-clock-ja-desktop');
    await page.setViewportSize(phone);
    await warning.waitFor();
    await saveScreenshot(page, 'device-clock-ja-phone');
    await context.close();
  });
});
