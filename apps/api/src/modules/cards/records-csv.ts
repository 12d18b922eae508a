import { currencyExponent } from '@sbo/contracts/settlement';
import { csvCell } from '../../lib/csv';
import { localDateTime } from '../../lib/time-zone';
import type { EntryRow } from './entry-repository';

/** The card ledger as CSV (UTF-8 with a BOM, CRLF), amounts in major units, times in `timeZone`. */
export function recordsCsv(rows: readonly EntryRow[], currency: string, timeZone: string): string {
  const when = (date: Date) => localDateTime(date, timeZone);
  const major = (amount: number) => amount / 10 ** currencyExponent(currency);
  const head = [
    'createdAt',
    'cardNumber',
    'holder',
    'kind',
    'balanceChange',
    'pointChange',
    'balanceAfter',
    'pointAfter',
    'place',
    'device',
    'transactionId',
    'reason',
    'actor',
    'currency',
  ];
  const lines = rows.map((r) =>
    [
      when(r.createdAt),
      r.cardNumber,
      r.holderName,
      r.kind,
      major(r.balanceChange),
      r.pointChange,
      major(r.balanceAfter),
      r.pointAfter,
      r.placeTitle ?? '',
      r.deviceName ?? '',
      r.transactionId ?? '',
      r.reason ?? '',
      r.actorName ?? '',
      currency,
    ]
      .map(csvCell)
      .join(','),
  );
  return `\uFEFF${head.join(',')}\r\n${lines.join('\r\n')}${lines.length ? '\r\n' : ''}`;
}
