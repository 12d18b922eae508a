import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  maxBatchDevices,
  remoteAvailability,
  type BatchCommand,
  type BatchInput,
  type BatchPreview,
  type BatchPreviewInput,
  type BatchSelection,
  type BatchSkipReason,
  type BatchItem,
  type CommandBatch,
} from '@sbo/contracts';
import type { ProductPrices } from '@sbo/contracts/mqtt';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { CommandRunner } from '../../machines/command-runner';
import { pricesInForce } from '../../machines/prices-in-force';
import { pricedMachine, recordPricesSent } from '../../machines/promotion-price-repository';
import type { MerchantAuth } from '../../plugins/access';
import * as batches from './batch-repository';
import { toListItem } from './device-view';
import { remoteRun } from './remote-service';
import * as repo from './repository';
import type { Log } from '../../lib/log';

/** Machines commanded at once: each waits up to the ack timeout, so a batch of 500 ends in 25 timeouts at worst. */
const concurrency = 20;

const machineOf = (row: repo.DeviceRow) => {
  const item = toListItem(row);
  return { deviceId: row.id, name: row.name, status: item.status, stage: item.stage };
};

/** Why a machine cannot take the command now (the shared rule of `remoteAvailability`), or null. */
function skipReason(command: BatchCommand, row: repo.DeviceRow): BatchSkipReason | null {
  const action = command.action === 'pushPrices' ? 'setPrices' : command.action;
  const availability = remoteAvailability(action, toListItem(row));
  if (!availability.available) return availability.reason;
  if (command.action === 'pushPrices' && row.productId === null) return 'noProduct';
  return null;
}

/**
 * One command to many machines: a preview that says who would receive it, then a batch that sends it
 * to each (each command logged and audited on its own by the runner) and answers at once; each
 * machine's answer is read back from its device-log row.
 */
export function createBatchService(deps: {
  db: Database;
  runCommand: CommandRunner;
  clock: Clock;
  log?: Log;
  /** How long one command waits for its machine's answer (`DEVICE_ACK_TIMEOUT_MS`). */
  ackTimeoutMs?: number;
}) {
  const { db, runCommand, clock } = deps;
  /** Batches this instance is sending now, by id. */
  const running = new Map<string, Promise<void>>();
  /**
   * How long sending a batch of `machines` can take at most: each group of `concurrency` waits at
   * most the answer timeout, with room for the database. A batch older than that that is not being
   * sent here was cut short (the server that sent it stopped, or crashed, on the way): machines it
   * never reached are "not sent" rather than waiting for ever. A graceful stop finishes its batches.
   */
  const longestSend = (machines: number) =>
    Math.ceil(machines / concurrency) * ((deps.ackTimeoutMs ?? 15_000) + 15_000) + 30_000;

  async function resolve(member: MerchantAuth, selection: BatchSelection) {
    if ('deviceIds' in selection) {
      const rows = await repo.findDevices(db, member, selection.deviceIds);
      const found = new Set(rows.map((r) => r.id));
      return { rows, missing: selection.deviceIds.filter((id) => !found.has(id)) };
    }
    const { rows, total } = await repo.listDevices(db, member, {
      ...selection.filter,
      page: 1,
      pageSize: maxBatchDevices + 1,
    });
    if (total > maxBatchDevices) throw new AppError(ErrorCode.TOO_MANY_MACHINES);
    return { rows, missing: [] };
  }

  function split(command: BatchCommand, rows: repo.DeviceRow[], missing: number[]) {
    const receivers: repo.DeviceRow[] = [];
    const skipped: BatchPreview['skipped'] = missing.map((deviceId) => ({
      deviceId,
      name: '',
      status: 'unknown',
      stage: 'none',
      reason: 'notFound',
    }));
    for (const row of rows) {
      const reason = skipReason(command, row);
      if (reason) skipped.push({ ...machineOf(row), reason });
      else receivers.push(row);
    }
    return { receivers, skipped };
  }

  /** The prices each machine gets, computed before anything is sent; a template that cannot be priced leaves its machine out. */
  async function pricesFor(receivers: repo.DeviceRow[], at: Date) {
    const prices = new Map<number, ProductPrices>();
    const unpriced: repo.DeviceRow[] = [];
    for (const row of receivers) {
      const priced = await pricedMachine(db, row.id);
      const inForce = priced ? await pricesInForce(db, row.id, priced.template, at).catch(() => null) : null;
      if (inForce) prices.set(row.id, inForce.prices);
      else unpriced.push(row);
    }
    return { prices, unpriced };
  }

  async function send(
    member: MerchantAuth,
    batchId: string,
    command: BatchCommand,
    row: repo.DeviceRow,
    at: Date,
    prices?: ProductPrices,
  ) {
    const run =
      command.action === 'pushPrices'
        ? runCommand(member, row, {
            action: 'setPrices',
            params: { prices: prices! },
            log: {
              key: 'deviceLog.admin.pricesPushed',
              content: `Prices in force sent (${prices!.version})`,
              params: { version: prices!.version },
            },
            batchId,
            onSuccess: (tx) => recordPricesSent(tx, row.id, prices!.version, at),
          })
        : runCommand(member, row, { ...remoteRun(row, command), batchId });
    // Each machine's outcome is on its device-log row; a refusal here is one machine's answer, not the batch's.
    await run.catch(() => undefined);
  }

  async function sendAll(
    member: MerchantAuth,
    batchId: string,
    command: BatchCommand,
    rows: repo.DeviceRow[],
    at: Date,
    prices: Map<number, ProductPrices>,
  ) {
    for (let i = 0; i < rows.length; i += concurrency) {
      await Promise.all(
        rows.slice(i, i + concurrency).map((row) => send(member, batchId, command, row, at, prices.get(row.id))),
      );
    }
  }

  async function view(member: MerchantAuth, batch: batches.BatchRow): Promise<CommandBatch> {
    const outcomes = new Map((await batches.batchOutcomes(db, member, batch.id)).map((o) => [o.deviceId, o]));
    const ids = [...batch.targets, ...batch.skipped].map((t) => t.deviceId);
    const now = new Map((await repo.findDevices(db, member, ids)).map((row) => [row.id, machineOf(row)]));
    const current = (deviceId: number, name: string) =>
      now.get(deviceId) ?? { deviceId, name, status: 'unknown' as const, stage: 'none' as const };
    const cutShort =
      !running.has(batch.id) && clock.now().getTime() - batch.createdAt.getTime() > longestSend(batch.targets.length);
    const items = batch.targets.map((target): BatchItem => {
      const outcome = outcomes.get(target.deviceId);
      return {
        ...current(target.deviceId, target.name),
        state: outcome?.result ?? (cutShort ? 'notSent' : 'queued'),
        code: outcome?.code ?? null,
      };
    });
    return {
      id: batch.id,
      action: batch.action,
      createdAt: batch.createdAt.toISOString(),
      done: items.every((item) => item.state !== 'queued' && item.state !== 'pending'),
      items,
      skipped: batch.skipped.map((s) => ({
        ...current(s.deviceId, s.name),
        reason: s.reason as BatchSkipReason,
      })),
    };
  }

  return {
    async preview(member: MerchantAuth, input: BatchPreviewInput): Promise<BatchPreview> {
      const { rows, missing } = await resolve(member, input.selection);
      const { receivers, skipped } = split(input.command, rows, missing);
      return { action: input.command.action, receivers: receivers.map(machineOf), skipped };
    },

    async create(member: MerchantAuth, input: BatchInput): Promise<CommandBatch> {
      const at = clock.now();
      const { rows, missing } = await resolve(member, { deviceIds: input.deviceIds });
      const { receivers, skipped } = split(input.command, rows, missing);
      let targets = receivers;
      let prices = new Map<number, ProductPrices>();
      if (input.command.action === 'pushPrices') {
        const priced = await pricesFor(receivers, at);
        prices = priced.prices;
        targets = receivers.filter((row) => prices.has(row.id));
        skipped.push(...priced.unpriced.map((row) => ({ ...machineOf(row), reason: 'noProduct' as const })));
      }
      const batch = await batches.insertBatch(db, {
        id: randomUUID(),
        merchantId: member.merchantId,
        userId: member.userId,
        action: input.command.action,
        params: input.command.params,
        targets: targets.map((row) => ({ deviceId: row.id, name: row.name })),
        skipped: skipped.map(({ deviceId, name, reason }) => ({ deviceId, name, reason })),
      });
      const sending = sendAll(member, batch.id, input.command, targets, at, prices)
        .catch((error: unknown) => deps.log?.warn({ err: error, batchId: batch.id }, 'command batch failed'))
        .finally(() => {
          running.delete(batch.id);
        });
      running.set(batch.id, sending);
      return view(member, batch);
    },

    async get(member: MerchantAuth, id: string): Promise<CommandBatch> {
      const batch = await batches.findBatch(db, member, id);
      if (!batch) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      return view(member, batch);
    },

    /** Resolves once every batch being sent has had its answers (the server waits for it on close). */
    idle: async (): Promise<void> => {
      await Promise.all(running.values());
    },
  };
}
