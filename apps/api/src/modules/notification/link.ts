import { dayIn } from '../../lib/time-zone';
import type { InboxRow } from './repository';

const pad = (n: number) => String(n).padStart(2, '0');

/** The screen that explains an event: the machine's log of that day, its info, or the sale. */
export function linkOf(row: Pick<InboxRow, 'kind' | 'params' | 'device_id' | 'occurred_at'>, timeZone: string): string {
  const saleId = row.params.saleId;
  if (typeof saleId === 'number' && (row.kind === 'paymentRefunded' || row.kind === 'unverifiedPayment'))
    return `/dashboard/transaction-record?detail=${saleId}`;
  if (row.device_id === null) return '/user/notification';
  if (['idleMachine', 'cashBoxFull', 'coinDispenserLow', 'billAcceptorFull'].includes(row.kind))
    return `/device/info?id=${row.device_id}`;
  const day = dayIn(row.occurred_at, timeZone);
  const date = `${day.year}-${pad(day.month)}-${pad(day.day)}`;
  const logType = row.kind === 'deviceOffline' || row.kind === 'deviceOnline' ? 'connection' : 'error';
  return `/device-log?deviceId=${row.device_id}&logType=${logType}&range=custom&from=${date}&to=${date}`;
}
