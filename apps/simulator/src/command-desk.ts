import { ackCodes, parseDeviceMessage, protocolVersion } from '@sbo/contracts/mqtt';
import type { CommandAck, DeviceCommand } from '@sbo/contracts/mqtt';
import type { CommandResult } from './machines/command-result';
import type { Machine } from './machines/machine';
import type { FleetStats } from './stats';

type CommandLink = {
  hwid: string;
  /** The device's `cmd` topic. */
  topic: string;
  machine: Machine;
  stats: FleetStats;
  log: (message: string) => void;
  /** Publishes the state at once, so whoever reads an answer finds the state already changed. */
  publishStateNow: () => void;
  sendAck: (ack: CommandAck) => void;
};

const rememberedAcks = 256;

/**
 * The machine's side of the `cmd` channel: each command is answered once on `ack` (a redelivered
 * command gets its first answer again), an expired or malformed one is refused, and a machine that
 * fails answers 1702002 instead of leaving the server to time out.
 */
export class CommandDesk {
  private readonly answered = new Map<string, CommandAck>();

  constructor(private readonly link: CommandLink) {}

  receive(payload: Buffer): void {
    this.link.stats.commands += 1;
    const parsed = parseDeviceMessage(this.link.topic, payload);
    if (!parsed.ok || parsed.channel !== 'cmd') {
      const commandId = readCommandId(payload);
      const detail = parsed.ok
        ? 'not a command'
        : `${parsed.reason}: ${(parsed.issues ?? []).join('; ')}`.slice(0, 200);
      if (commandId)
        this.answer({
          v: protocolVersion,
          commandId,
          sentAt: Date.now(),
          ok: false,
          code: ackCodes.invalidCommand,
          detail,
        });
      return;
    }
    const command = parsed.message;
    const earlier = this.answered.get(command.commandId);
    if (earlier) return this.link.sendAck({ ...earlier, sentAt: Date.now() });
    const ack = this.execute(command);
    if (ack) this.answer(ack);
  }

  /** The acknowledgement, or null when the machine leaves the command unanswered. */
  private execute(command: DeviceCommand): CommandAck | null {
    const base = { v: protocolVersion, commandId: command.commandId } as const;
    if (command.expiresAt < Date.now()) {
      return {
        ...base,
        sentAt: Date.now(),
        ok: false,
        code: ackCodes.expired,
        detail: 'expired before it arrived; not executed',
      };
    }
    let result: CommandResult | null;
    try {
      result = this.link.machine.handle(command);
    } catch (error) {
      // A bug in a machine must not leave the server waiting for a timeout: say the device failed.
      this.link.log(`${this.link.hwid}: ${command.action} failed: ${String(error)}`);
      result = { ok: false, code: ackCodes.internalError, detail: 'the controller failed to execute the command' };
    }
    // The new state goes out before the answer, so whoever reads the answer finds the state already changed.
    this.link.publishStateNow();
    return result && { ...base, sentAt: Date.now(), ...result };
  }

  private answer(ack: CommandAck): void {
    this.answered.set(ack.commandId, ack);
    if (this.answered.size > rememberedAcks) this.answered.delete(this.answered.keys().next().value!);
    this.link.sendAck(ack);
  }
}

function readCommandId(payload: Buffer): string | null {
  try {
    const value: unknown = JSON.parse(payload.toString('utf8'));
    const id = typeof value === 'object' && value !== null && 'commandId' in value ? value.commandId : null;
    return typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}
