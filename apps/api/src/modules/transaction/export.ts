import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { transactionStatuses, type TransactionExportQuery } from '@sbo/contracts';
import { currencyExponent } from '@sbo/contracts/settlement';
import type { Database } from '../../db/client';
import { formatDay } from '../../lib/day-range';
import { csvCell } from '../../lib/csv';
import { localDateTime } from '../../lib/time-zone';
import type { BackgroundLane } from '../../lib/foreground';
import type { DeviceScope } from '../../scope/device-scope';
import * as repo from './repository';
import type { TransactionService } from './service';
import { transactionNumber } from './service';

const statusNames = Object.fromEntries(Object.entries(transactionStatuses).map(([name, code]) => [code, name]));
/** Rows read and written per turn of the background lane: a few milliseconds of the api's thread. */
export const exportBatchSize = 500;

const columns = [
  'createdAt',
  'transactionId',
  'orderId',
  'place',
  'device',
  'payGateway',
  'expectPostingAt',
  'status',
  'total',
  'reward',
  'balance',
  'encore',
  'refund',
  'currency',
] as const;

/** One exported line: times in the merchant's zone as `YYYY-MM-DD HH:mm:ss`, amounts in major units. */
function line(record: repo.TransactionRecord, timeZone: string): (string | number)[] {
  const when = (date: Date | null) => (date ? localDateTime(date, timeZone) : '');
  const major = (amount: number) => amount / 10 ** currencyExponent(record.currency);
  return [
    when(record.createdAt),
    transactionNumber(record.id, record.createdAt, timeZone),
    record.orderId ?? '',
    record.placeTitle ?? '',
    record.deviceName ?? '',
    record.payGateway,
    when(record.expectPostingAt),
    statusNames[record.status] ?? String(record.status),
    major(record.total),
    major(record.reward),
    major(record.balance),
    major(record.encore),
    major(record.refund),
    record.currency,
  ];
}

/**
 * Every filtered transaction, newest first, read in batches so months of sales stream out
 * without being held in memory: the next batch is read once the reader has taken the last one.
 * Each batch is read and written in a turn of the instance's background lane (lib/foreground.ts):
 * one batch of one export at a time, started when no request is in flight, so the pages other
 * people wait on are answered first.
 */
export async function exportTransactions(
  deps: { db: Database; transactions: TransactionService; lane: BackgroundLane },
  scope: DeviceScope,
  query: TransactionExportQuery,
  tz: string | null,
): Promise<{ stream: Readable; contentType: string; fileName: string }> {
  const zone = await deps.transactions.zoneOf(scope, tz);
  const { range, resolved } = deps.transactions.resolve(query, zone.timeZone);
  const stem = `transactions-${formatDay(range.first).replaceAll('-', '')}`;
  const out = new PassThrough();

  /**
   * Whether to read on: waits while the file written so far is more than the stream holds (the
   * reader is behind, a slow link), so no more than about a batch waits in memory whatever the
   * range; false once the download is gone (the reader left), so its remaining batches are not read.
   */
  const roomForMore = async (): Promise<boolean> => {
    if (out.writableNeedDrain && !out.destroyed) {
      await new Promise<void>((resolve) => {
        const done = () => {
          out.off('drain', done);
          out.off('close', done);
          resolve();
        };
        out.on('drain', done);
        out.on('close', done);
      });
    }
    return !out.destroyed;
  };

  /** Reads the batches in order, each read and handed to `write` in one turn of the lane. */
  async function eachBatch(write: (rows: repo.TransactionRecord[]) => void) {
    let after: { createdAt: Date; id: number } | null = null;
    while (await roomForMore()) {
      const endTurn = await deps.lane.turn();
      let rows: repo.TransactionRecord[];
      try {
        rows = await repo.exportBatch(deps.db, zone.visible, resolved, after, exportBatchSize);
        if (rows.length > 0) write(rows);
      } finally {
        endTurn();
      }
      if (rows.length < exportBatchSize) return;
      const last = rows[rows.length - 1]!;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }

  /** The file is written in the background as it is read; a failure midway ends the download with an error. */
  const streamed = (write: () => Promise<void>, contentType: string, extension: string) => {
    write().catch((error: unknown) => out.destroy(error as Error));
    return { stream: out, contentType, fileName: `${stem}.${extension}` };
  };

  if (query.format === 'csv') {
    return streamed(
      async () => {
        out.write(`\uFEFF${columns.join(',')}\r\n`);
        await eachBatch((rows) => {
          out.write(rows.map((row) => line(row, zone.merchantZone).map(csvCell).join(',')).join('\r\n') + '\r\n');
        });
        out.end();
      },
      'text/csv; charset=utf-8',
      'csv',
    );
  }

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet('Transactions');
  sheet.columns = columns.map((key) => ({ header: key, key, width: key === 'transactionId' ? 22 : 16 }));
  return streamed(
    async () => {
      await eachBatch((rows) => {
        for (const row of rows) sheet.addRow(line(row, zone.merchantZone)).commit();
      });
      sheet.commit();
      await workbook.commit();
    },
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'xlsx',
  );
}
