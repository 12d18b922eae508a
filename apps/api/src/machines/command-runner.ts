import { randomUUID } from 'node:crypto';
import { ErrorCode, type logTypes } from '@sbo/contracts';
import type { CommandAction, CommandParams } from '@sbo/contracts/mqtt';
import type { Database, Executor } from '../db/client';
import { AppError, isAppErrorCode } from '../lib/app-error';
import { writeAudit } from '../lib/audit';
import type { DeviceScope } from '../scope/device-scope';
import type { CommandBus } from './command-bus';
import { deviceActions } from './device-kind';
import { finishOperatorLog, insertOperatorLog } from './operator-log-repository';

export type Actor = DeviceScope & { userId: number };
/** The device fields a command needs (a device row has them). */
type CommandTarget = {
  id: number;
  hwid: string | null;
  online: boolean | null;
  machineType: number;
  model: string;
};
type CommandResult = { commandId: string; action: string; logId: number };

const connectionTimedOut = 'connection timed out, check device status';

type Run<A extends CommandAction> = {
  action: A;
  params: CommandParams<A>;
  log: {
    key: string;
    content: string;
    params?: Record<string, string | number | boolean | null>;
    logType?: (typeof logTypes)[number];
  };
  expectedCoins?: number | null;
  /** The command to many machines this one is part of. */
  batchId?: string;
  /** Applied in the transaction that records the device's "done", and only then. */
  onSuccess?: (tx: Executor) => Promise<void>;
};

/** A failed acknowledgement as the catalogue error the web shows. */
function ackError(code: number, detail?: string): AppError {
  // A device's 400 (malformed or unsupported command, invalid parameter) is a refusal, never a 478 with 400.
  if (code === ErrorCode.INVALID_REQUEST) return new AppError(ErrorCode.COMMAND_REJECTED);
  if (!isAppErrorCode(code)) return new AppError(ErrorCode.DEVICE_INTERNAL_ERROR, detail);
  return new AppError(code);
}

/**
 * Sends one command to a device for a person and waits for its acknowledgement. The device-log
 * row and audit row are written before the command leaves (so an event the command causes always
 * finds its log row), and the outcome is recorded on the log row afterwards.
 */
export function createCommandRunner(deps: { db: Database; gateway?: { sendCommand: CommandBus['send'] } }) {
  const { db, gateway } = deps;
  return async function run<A extends CommandAction>(
    actor: Actor,
    device: CommandTarget,
    command: Run<A>,
  ): Promise<CommandResult> {
    if (!device.hwid) throw new AppError(ErrorCode.DEVICE_UNBOUND);
    if (!deviceActions(device).includes(command.action)) throw new AppError(ErrorCode.ACTION_NOT_SUPPORTED);
    const commandId = randomUUID();
    const logId = await db.transaction(async (tx) => {
      const id = await insertOperatorLog(tx, {
        merchantId: actor.merchantId,
        deviceId: device.id,
        hwid: device.hwid,
        operatorUserId: actor.userId,
        ...command.log,
        commandId,
        result: 'pending',
        expectedCoins: command.expectedCoins ?? null,
        batchId: command.batchId ?? null,
      });
      await writeAudit(tx, actor, {
        action: `device.command.${command.action}`,
        entity: 'device',
        entityId: device.id,
        after: {
          commandId,
          hwid: device.hwid,
          params: command.params,
          ...(command.batchId ? { batchId: command.batchId } : {}),
        },
      });
      return id;
    });

    // A device the gateway believes offline is not waited for: the answer would only be a timeout.
    const outcome =
      gateway && device.online === true
        ? await gateway.sendCommand(device.hwid, command.action, command.params, { commandId })
        : ({ commandId, ok: false, timeout: true, offline: true } as const);
    await db.transaction(async (tx) => {
      if (outcome.ok) {
        await finishOperatorLog(tx, logId, { result: 'ok', code: null });
        await command.onSuccess?.(tx);
      } else if ('code' in outcome) {
        await finishOperatorLog(tx, logId, { result: 'failed', code: outcome.code });
      } else {
        await finishOperatorLog(tx, logId, { result: 'offline' in outcome ? 'offline' : 'timeout', code: null });
      }
    });
    if (outcome.ok) return { commandId, action: command.action, logId };
    if ('code' in outcome) throw ackError(outcome.code, outcome.detail);
    throw new AppError(ErrorCode.MACHINE_STATUS_UNAVAILABLE, connectionTimedOut);
  };
}

export type CommandRunner = ReturnType<typeof createCommandRunner>;
