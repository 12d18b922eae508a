import { describe, expect, it } from 'vitest';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { fetchAllPages, pickerLimit } from '../src/lib/all-pages';
import { sampleDevice } from './samples-api';
import { json, useTestApi } from './test-server';

const server = useTestApi();

/** A list of `total` devices served 100 (or what is asked) a page, like the api. */
function serveDevices(total: number) {
  server.answer((request, response) => {
    const page = Number(request.url.searchParams.get('page'));
    const size = Number(request.url.searchParams.get('pageSize'));
    const first = (page - 1) * size;
    const items = Array.from({ length: Math.max(0, Math.min(size, total - first)) }, (_, index) =>
      sampleDevice(first + index + 1),
    );
    json(response, 200, { result: { items, total, page, pageSize: size } });
  });
}

describe('fetchAllPages', () => {
  it('reads every page of a fleet larger than one page, in order, keeping the filters', async () => {
    serveDevices(345);
    const all = await fetchAllPages(apiRoutes.deviceList, { query: { placeId: 7 } });
    expect(all.total).toBe(345);
    expect(all.items.map((device) => device.id)).toEqual(Array.from({ length: 345 }, (_, index) => index + 1));
    expect(server.requests.map((request) => request.url.searchParams.get('page'))).toEqual(['1', '2', '3', '4']);
    expect(server.requests.every((request) => request.url.searchParams.get('placeId') === '7')).toBe(true);
    expect(server.requests.every((request) => request.url.searchParams.get('pageSize') === '100')).toBe(true);
  });

  it('asks once for a list that fits one page, and once for an empty one', async () => {
    serveDevices(12);
    expect((await fetchAllPages(apiRoutes.deviceList)).items).toHaveLength(12);
    serveDevices(0);
    expect((await fetchAllPages(apiRoutes.deviceList)).items).toEqual([]);
    expect(server.requests).toHaveLength(2);
  });

  it('stops at the picker limit', async () => {
    serveDevices(pickerLimit + 250);
    const all = await fetchAllPages(apiRoutes.deviceList);
    expect(all.items).toHaveLength(pickerLimit);
    expect(all.total).toBe(pickerLimit + 250);
  });
});
