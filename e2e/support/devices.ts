import type { DeviceInfo, DeviceListItem } from '@sbo/contracts';
import type { Page } from 'playwright-core';
import { apiBase } from './browser';
import { pickMerchant, restoreSession } from './sign-in';

/**
 * Signs the demo owner (or another demo account) into Sunny Laundry Co., the merchant with the simulated
 * fleet, with the run's saved session of the account (`restoreSession`).
 */
export async function signInToSunny(page: Page, email: string): Promise<void> {
  await restoreSession(page, email);
  await pickMerchant(page, 'Sunny Laundry Co.');
}

/** A call to the product's API with the page's merchant token, as a second operator would make it. */
export async function callApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  // The web stores each token as { value, expiresAt }.
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('merchantToken') ?? '{}') as { value?: string }).value,
  );
  const response = await fetch(`${apiBase()}/${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { result?: T; code?: number };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer.result as T;
}

export async function deviceByName(page: Page, name: string): Promise<DeviceListItem> {
  const list = await callApi<{ items: DeviceListItem[] }>(page, 'GET', 'device-cloud/list?pageSize=100');
  const device = list.items.find((item) => item.name === name);
  if (!device) throw new Error(`no device named ${name}`);
  return device;
}

const remote = (page: Page, id: number, action: string) =>
  callApi(page, 'POST', `device-cloud/${id}/remote`, { action, params: {} }).catch(() => undefined);

/**
 * Brings a simulated machine to standby with no customer in the way: test mode on (no customers),
 * then clears a fault, ends a cycle, clears a finished one or brings it back into use, until it
 * reports idle.
 */
export async function makeIdle(page: Page, id: number): Promise<void> {
  await callApi(page, 'PUT', `admin/device-cloud/${id}/test`, { testTime: 1800 });
  await nudgeUntil(page, id, 'reach standby', async (info) => {
    if (info.status === 'idle' && info.errorCode === null) return true;
    if (info.errorCode !== null) await remote(page, id, 'clearError');
    else if (info.status === 'operating' || info.status === 'stopped' || info.status === 'drumCleaning')
      await remote(page, id, 'terminateCycle');
    else if (info.status === 'suspend') await remote(page, id, 'resumeMachine');
    // A finished cycle waits for its customer, who never comes in test mode: out of use and back.
    else if (info.status === 'done') await remote(page, id, 'pauseMachine');
    return false;
  });
}

/**
 * Clears a simulated machine's fault, if it has one, and waits until it reports none: for machines
 * without test mode (a coin changer), whose demo customers may fault them at any time.
 */
export async function clearFault(page: Page, id: number): Promise<void> {
  await nudgeUntil(page, id, 'clear its fault', async (info) => {
    if (info.errorCode === null) return true;
    await remote(page, id, 'clearError');
    return false;
  });
}

/**
 * Reads the machine's info once a second, for at most 45 s, until `step` (which may send it a
 * command) says it is where the journey wants it.
 */
async function nudgeUntil(page: Page, id: number, what: string, step: (info: DeviceInfo) => Promise<boolean>) {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (await step(await callApi<DeviceInfo>(page, 'GET', `device-cloud/${id}/info`))) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`device ${id} did not ${what}`);
}

export const endTestMode = (page: Page, id: number) =>
  callApi(page, 'PUT', `admin/device-cloud/${id}/test`, { testTime: 0 }).catch(() => undefined);
