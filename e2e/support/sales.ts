import type { Page } from 'playwright-core';
import { apiBase } from './browser';

type DeviceItem = { id: number; kind: string | null; status: string; online: boolean };

/** A call to the API from the test with the browser's merchant token, as the page makes it. */
export async function apiAsPage<T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}) {
  // The token is stored with its expiry: { value, expiresAt }.
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('merchantToken') ?? '{}') as { value?: string }).value,
  );
  const response = await fetch(`${apiBase()}/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await response.json()) as { result: T };
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body.result;
}

/**
 * Makes a sale on an idle washer or dryer of the demo fleet, as a staff member would from the
 * device screen: insert credit remotely, then start the cycle. Returns false when none is idle.
 */
export async function driveSale(page: Page): Promise<boolean> {
  const devices = await apiAsPage<{ items: DeviceItem[] }>(page, 'device-cloud/list?status=idle&pageSize=100');
  const laundry = devices.items.filter((device) => device.online && ['washer', 'dryer'].includes(device.kind ?? ''));
  for (const device of laundry) {
    try {
      await apiAsPage(page, `device-cloud/${device.id}/remote`, {
        method: 'POST',
        body: { action: 'insertCoin', params: { amount: 100_000 } },
      });
      await apiAsPage(page, `device-cloud/${device.id}/remote`, {
        method: 'POST',
        body: { action: 'startCycle', params: {} },
      });
      return true;
    } catch {
      // That machine got busy in between: try the next one.
    }
  }
  return false;
}
