import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, phone, saveScreenshot } from './support/browser';
import { signInToSunny } from './support/devices';
import { connectWasher, registerWasher } from './support/own-machine';
import { demo } from './support/sign-in';

// A machine of the journey's own reports a fault, so the journey does not wait for the demo fleet to
// raise one: the fault's description is a sentence, which must wrap on a phone in every language.
const stamp = Date.now().toString(36).toUpperCase();
const hwid = `E2E-FLT-${stamp}`;
const deviceName = `Faulty washer ${stamp.slice(-4)}`;
const faultCode = 16091072;

let browser: Browser;
let deviceId: number;
let washer: Awaited<ReturnType<typeof connectWasher>>;
beforeAll(async () => {
  browser = await launchBrowser();
  const registered = await registerWasher(browser, { hwid, name: deviceName });
  deviceId = registered.deviceId;
  washer = await connectWasher(hwid, registered.secret);
  await washer.state({ errorCode: faultCode });
});
afterAll(async () => {
  await washer?.close();
  await browser.close();
});

describe("a faulted machine's details on a phone", () => {
  it.each(['ms', 'th', 'vi'])('show the fault in full, within the screen, in %s', async (language) => {
    const { page, context } = await openPage(browser, { viewport: phone, language });
    await signInToSunny(page, demo.owner);
    await page.goto(`/device/info?id=${deviceId}`);
    const fault = page.getByTestId('device-error');
    await fault.waitFor();
    expect(await fault.innerText()).toMatch(new RegExp(`^${faultCode} - \\S`));
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    const box = await fault.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width);
    await fault.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `device-info-fault-${language}-phone`);
    await context.close();
  });
});
