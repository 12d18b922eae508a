import { deviceStatuses, machineTypes } from '@sbo/contracts/constants';

export type DeviceStatus = (typeof deviceStatuses)[number];

/** The device list's filters; they live in the address so a reload or a shared link keeps them. */
export type DeviceListFilter = {
  page: number;
  placeId?: number;
  productId?: number;
  /** Machines bound to a promotion: reached from the promotion's screen, shown as a removable tag. */
  promotionId?: number;
  machineType?: number;
  status?: DeviceStatus;
};

/** Statuses worth filtering by: `unknown` is only the screen's own loading state. */
export const filterableStatuses = deviceStatuses.filter((status) => status !== 'unknown');

/** Machine types of spec section 9 a device can have (All is the absence of a filter). */
export const filterableMachineTypes = Object.entries(machineTypes)
  .filter(([, value]) => value !== machineTypes.All)
  .map(([name, value]) => ({ name: name as keyof typeof machineTypes, value }));

const machineTypeValues: ReadonlySet<number> = new Set(filterableMachineTypes.map((type) => type.value));

function positiveInt(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value > 0 ? value : undefined;
}

const isStatus = (raw: string | null): raw is DeviceStatus =>
  raw !== null && (filterableStatuses as readonly string[]).includes(raw);

/** Reads the filters from the address; anything malformed is simply not a filter. */
export function filterFromSearch(search: URLSearchParams): DeviceListFilter {
  const filter: DeviceListFilter = { page: positiveInt(search.get('page')) ?? 1 };
  const placeId = positiveInt(search.get('placeId'));
  if (placeId !== undefined) filter.placeId = placeId;
  const productId = positiveInt(search.get('productId'));
  if (productId !== undefined) filter.productId = productId;
  const promotionId = positiveInt(search.get('promotionId'));
  if (promotionId !== undefined) filter.promotionId = promotionId;
  const rawType = search.get('machineType');
  const machineType = rawType !== null && /^\d{1,4}$/.test(rawType) ? Number(rawType) : undefined;
  if (machineType !== undefined && machineTypeValues.has(machineType)) filter.machineType = machineType;
  const status = search.get('status');
  if (isStatus(status)) filter.status = status;
  return filter;
}

/** Writes the filters back; page 1 and absent filters leave no trace in the address. */
export function searchFromFilter(filter: DeviceListFilter): URLSearchParams {
  const search = new URLSearchParams();
  if (filter.placeId !== undefined) search.set('placeId', String(filter.placeId));
  if (filter.productId !== undefined) search.set('productId', String(filter.productId));
  if (filter.promotionId !== undefined) search.set('promotionId', String(filter.promotionId));
  if (filter.machineType !== undefined) search.set('machineType', String(filter.machineType));
  if (filter.status !== undefined) search.set('status', filter.status);
  if (filter.page > 1) search.set('page', String(filter.page));
  return search;
}

/** A changed filter starts again from the first page. */
export function withFilter(
  filter: DeviceListFilter,
  change: Partial<Omit<DeviceListFilter, 'page'>>,
): DeviceListFilter {
  const next: DeviceListFilter = { ...filter, ...change, page: 1 };
  (Object.keys(next) as Array<keyof DeviceListFilter>).forEach((key) => next[key] === undefined && delete next[key]);
  return next;
}

export const hasFilters = (filter: DeviceListFilter) =>
  filter.placeId !== undefined ||
  filter.productId !== undefined ||
  filter.promotionId !== undefined ||
  filter.machineType !== undefined ||
  filter.status !== undefined;
