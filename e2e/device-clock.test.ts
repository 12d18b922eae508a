import type { TransactionRow } from '@sbo/contracts';
import { protocolVersion } from '@sbo/contracts/mqtt';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, openPage, phone, saveScreenshot } from './support/browser';
import { callApi, signInToSunny } from './support/devices';
import { connectWasher, registerWasher } from './support/own-machine';
import { demo } from './support/sign-in';

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

/** The machine connects and reports one cash sale stamped by its clock, ten days slow. */
async function sellWithSlowClock(secret: string): Promise<number> {
  const claimed = Date.now() - 10 * day;
  const { client, topics, bootId } = await connectWasher(hwid, secret, claimed);
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
    const { deviceId, secret } = await registerWasher(browser, { hwid, name: deviceName });
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
