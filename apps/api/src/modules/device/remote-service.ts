import { ErrorCode, remoteAvailability, type RemoteCommand, type UnavailableReason } from '@sbo/contracts';
import type { Database } from '../../db/client';
import { AppError, type AppErrorCode } from '../../lib/app-error';
import type { MerchantAuth } from '../../plugins/access';
import type { DeviceScope } from '../../scope/device-scope';
import type { CommandRunner } from '../../machines/command-runner';
import { hasAbConfig } from '../../machines/device-kind';
import { toListItem } from './device-view';
import { loadDevice } from './load-device';
import * as repo from './repository';

type Config = Record<string, string | number | boolean>;

const remoteTexts: Record<RemoteCommand['action'], string> = {
  insertCoin: 'Remote: insert coin',
  extendDrying: 'Remote: extend drying',
  resetDrumClean: 'Remote: reset drum clean',
  resetPaidAmount: 'Remote: reset paid amount',
  clearError: 'Remote: clear error',
  startCycle: 'Remote: start cycle',
  pauseCycle: 'Remote: pause cycle',
  resumeCycle: 'Remote: resume cycle',
  terminateCycle: 'Remote: terminate cycle',
  skipStage: 'Remote: skip stage',
  changeTemperature: 'Remote: change temperature',
  changeCourse: 'Remote: change course',
  startDrumClean: 'Remote: start drum clean',
  pauseMachine: 'Remote: pause machine use',
  resumeMachine: 'Remote: resume machine use',
  removeBubbles: 'Remote: remove bubbles',
  rebootTablet: 'Remote: reboot tablet',
  dispenseCoins: 'Remote: dispense coins',
};

/** The command, device-log text and expected coins of a remote action to one machine. */
export function remoteRun(device: repo.DeviceRow, command: RemoteCommand) {
  const coinValue = device.report?.coinDispenser?.coinValue;
  const expectedCoins =
    command.action === 'dispenseCoins' && coinValue ? Math.floor(command.params.amount / coinValue) : null;
  return {
    action: command.action,
    params: command.params,
    log: {
      key: `deviceLog.remote.${command.action}`,
      content: remoteTexts[command.action],
      params: { ...command.params },
    },
    expectedCoins,
  };
}

/**
 * The refusal for an action the machine's last known state does not allow (the shared rule of
 * `remoteAvailability`); an offline machine is left to the runner, which logs it and answers 1702001.
 */
const refusalOf: Record<Exclude<UnavailableReason, 'offline'>, AppErrorCode> = {
  noController: ErrorCode.DEVICE_UNBOUND,
  unsupported: ErrorCode.ACTION_NOT_SUPPORTED,
  fault: ErrorCode.DEVICE_INTERNAL_ERROR,
  noFault: ErrorCode.NO_FAULT_TO_CLEAR,
  cycleRunning: ErrorCode.DEVICE_CYCLE_RUNNING,
  state: ErrorCode.DEVICE_NOT_STANDBY,
};

/** Remote control and the machine settings screens: each a command the device must acknowledge. */
export function createRemoteService(deps: { db: Database; runCommand: CommandRunner }) {
  const { db, runCommand } = deps;

  const load = (scope: DeviceScope, id: number) => loadDevice(db, scope, id);

  /** The coin dispenser's count after a refill, or its capacity: one command, logged under `key`. */
  async function setCoinDispenser(
    member: MerchantAuth,
    id: number,
    params: { remainingAmount: number } | { totalAmount: number },
    key: string,
    content: string,
  ) {
    const device = await load(member, id);
    return runCommand(member, device, { action: 'setCoinDispenser', params, log: { key, content, params } });
  }

  async function abDevice(scope: DeviceScope, id: number) {
    const device = await load(scope, id);
    if (!hasAbConfig(device.model)) throw new AppError(ErrorCode.AB_CONFIG_ONLY);
    return device;
  }

  return {
    async remote(member: MerchantAuth, id: number, command: RemoteCommand) {
      const device = await load(member, id);
      const availability = remoteAvailability(command.action, toListItem(device));
      if (!availability.available && availability.reason !== 'offline')
        throw new AppError(refusalOf[availability.reason]);
      return runCommand(member, device, remoteRun(device, command));
    },

    refillCoinDispenser: (member: MerchantAuth, id: number, remainingAmount: number) =>
      setCoinDispenser(
        member,
        id,
        { remainingAmount },
        'deviceLog.admin.coinDispenserRefill',
        'Coin dispenser refilled',
      ),

    setCoinDispenserTotal: (member: MerchantAuth, id: number, totalAmount: number) =>
      setCoinDispenser(
        member,
        id,
        { totalAmount },
        'deviceLog.admin.coinDispenserTotal',
        'Coin dispenser capacity changed',
      ),

    async resetBanknotes(member: MerchantAuth, id: number) {
      const device = await load(member, id);
      return runCommand(member, device, {
        action: 'resetBanknotes',
        params: {},
        log: { key: 'deviceLog.admin.banknoteReset', content: 'Banknote counts reset', params: {} },
      });
    },

    async setTestMode(member: MerchantAuth, id: number, testTime: number) {
      const device = await load(member, id);
      const on = testTime > 0;
      return runCommand(member, device, {
        action: 'setTestMode',
        params: { testTime },
        log: {
          key: on ? 'deviceLog.admin.testModeOn' : 'deviceLog.admin.testModeOff',
          content: on ? `Test mode on for ${testTime} s` : 'Test mode off',
          params: { testTime },
        },
      });
    },

    /** The settings the machine last reported, else the last ones it confirmed to us. */
    async abConfig(member: MerchantAuth, id: number) {
      const device = await abDevice(member, id);
      const reported = device.report?.config;
      return {
        deviceId: device.id,
        model: device.model,
        config: reported ?? device.config ?? {},
        reportedAt: reported && device.reportedAt ? device.reportedAt.toISOString() : null,
      };
    },

    async setAbConfig(member: MerchantAuth, id: number, config: Config) {
      const device = await abDevice(member, id);
      const merged = { ...(device.report?.config ?? device.config ?? {}), ...config };
      await runCommand(member, device, {
        action: 'setConfig',
        params: { config },
        log: {
          key: 'deviceLog.admin.config',
          content: 'Controller settings changed',
          params: { settings: Object.keys(config).join(', ') },
        },
        onSuccess: (tx) => repo.updateDevice(tx, member, id, { config: merged }),
      });
      return { deviceId: device.id, model: device.model, config: merged, reportedAt: null };
    },
  };
}
