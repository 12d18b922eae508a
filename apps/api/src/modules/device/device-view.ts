import { remoteActions, type DeviceInfo, type DeviceListItem, type RemoteAction } from '@sbo/contracts';
import { canChangeProduct, deviceActions, hasAbConfig, kindOf, pricesVersion } from '../../machines/device-kind';
import type { DeviceRow } from './repository';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toListItem(row: DeviceRow): DeviceListItem {
  const report = row.report;
  const online = row.online === true;
  return {
    id: row.id,
    name: row.name,
    serialNum: row.serialNum,
    machineType: row.machineType,
    model: row.model,
    kind: kindOf(row.machineType),
    place: row.placeId !== null && row.placeTitle !== null ? { id: row.placeId, title: row.placeTitle } : null,
    product: row.productId !== null && row.productName !== null ? { id: row.productId, name: row.productName } : null,
    hwid: row.hwid,
    status: online ? (report?.status ?? 'online') : 'offline',
    online,
    lastSeenAt: iso(row.lastSeenAt),
    stage: report?.stage ?? 'none',
    dryTemp: report?.dryTemp ?? 0,
    currentCourse: report?.currentCourse ?? null,
    remainingSeconds: report?.remainingSeconds ?? null,
    errorCode: report?.errorCode ?? null,
    testTime: report?.testTime ?? 0,
    reportedAt: iso(row.reportedAt),
  };
}

/** Device info; money figures only for members who may read revenue (`revenue` null otherwise). */
export function toInfo(row: DeviceRow, revenue: number | null): DeviceInfo {
  const report = row.report;
  const actions = deviceActions(row);
  const money = revenue !== null;
  const expectedVersion =
    row.productId !== null && row.productRevision !== null ? pricesVersion(row.productId, row.productRevision) : null;
  return {
    ...toListItem(row),
    paymentProduct: row.paymentProduct,
    revenue,
    firmware: row.firmware,
    coinCount: report?.coinCount ?? null,
    doorLocked: report?.doorLocked ?? null,
    doorOpen: report?.doorOpen ?? null,
    currentCoin: report?.currentCoin ?? null,
    extraCoin: report?.extraCoin ?? null,
    cumulativeAmount: money ? (report?.cumulativeAmount ?? null) : null,
    cashBoxAmount: money ? (report?.cashBoxAmount ?? null) : null,
    billAcceptor: report?.billAcceptor ?? [],
    coinDispenser: report?.coinDispenser ?? null,
    pricesVersion: report?.pricesVersion ?? null,
    // A happy hour's prices are the product's prices too (`tpl-3-r2-p7`: docs/promotions.md).
    productSynced:
      expectedVersion === null || !report
        ? null
        : report.pricesVersion === expectedVersion || report.pricesVersion?.startsWith(`${expectedVersion}-p`) === true,
    remoteActions: remoteActions.filter((a): a is RemoteAction => actions.includes(a)),
    features: {
      productChange: canChangeProduct(row.model),
      coinDispenser: actions.includes('setCoinDispenser'),
      banknoteReset: actions.includes('resetBanknotes'),
      testMode: actions.includes('setTestMode'),
      abConfig: hasAbConfig(row.model) && actions.includes('setConfig'),
    },
    createdAt: row.createdAt.toISOString(),
  };
}
