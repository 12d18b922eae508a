import { ErrorCode, machineTypeName, type BindableDevice, type HardwareInfo } from '@sbo/contracts';
import { hwidPattern } from '@sbo/contracts/mqtt';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import { claimCodeMatches } from '../../lib/claim-code';
import type { UserAuth } from '../../plugins/access';
import type { Actor } from '../../machines/command-runner';
import { insertOperatorLog } from '../../machines/operator-log-repository';
import * as repo from './repository';

type CloudDevice = { id: number; name: string; serialNum: string; model: string; machineType: number };

const toBindable = (d: CloudDevice): BindableDevice => ({
  id: d.id,
  type: d.model,
  serialNum: d.serialNum,
  name: d.name,
  machine: { type: d.machineType, name: machineTypeName(d.machineType) },
});

function checkHwid(hwid: string): void {
  if (!hwidPattern.test(hwid)) throw new AppError(ErrorCode.HARDWARE_ID_INVALID);
}

type Hardware = NonNullable<Awaited<ReturnType<typeof repo.findHardware>>>;

async function loadHardware(db: Parameters<typeof repo.findHardware>[0], hwid: string, lock = false) {
  checkHwid(hwid);
  const hardware = await repo.findHardware(db, hwid, lock);
  if (!hardware) throw new AppError(ErrorCode.DEVICE_NOT_FOUND);
  return hardware;
}

/**
 * Proof of possession: a merchant may see and bind hardware registered for it (or driving one of
 * its devices), or hardware whose claim code it holds. To anyone else the hardware does not exist:
 * the same refusal as an unknown hwid, so the answer tells nothing.
 */
function mayClaim(hardware: Hardware, merchantIds: readonly number[], claim: string | undefined): boolean {
  const owners = [hardware.merchantId, hardware.boundMerchantId];
  return (
    owners.some((id) => id !== null && merchantIds.includes(id)) || claimCodeMatches(claim, hardware.claimCodeHash)
  );
}

async function loadClaimable(
  db: Parameters<typeof repo.findHardware>[0],
  hwid: string,
  merchantIds: readonly number[],
  claim: string | undefined,
  lock = false,
) {
  const hardware = await loadHardware(db, hwid, lock);
  if (!mayClaim(hardware, merchantIds, claim)) throw new AppError(ErrorCode.DEVICE_NOT_FOUND);
  return hardware;
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';

/** Hardware binding (spec section 2, /device/binding/{hwid}): a controller joins a merchant's cloud device. */
export function createBindingService(deps: { db: Database }) {
  const { db } = deps;

  /** Whether a user may see the details of a merchant's device: its members and root users. */
  async function belongsTo(user: UserAuth, deviceId: number): Promise<boolean> {
    if (user.isRoot) return true;
    return repo.isMemberOfDeviceMerchant(db, user.userId, deviceId);
  }

  return {
    /** Bound when deviceCloud is not null; another merchant's device keeps its name and serial number to itself. */
    async hardwareInfo(user: UserAuth, hwid: string, claim?: string): Promise<HardwareInfo> {
      const hardware = user.isRoot
        ? await loadHardware(db, hwid)
        : await loadClaimable(db, hwid, await repo.merchantIdsOfUser(db, user.userId), claim);
      const device = hardware.deviceId === null ? null : await repo.findCloudDevice(db, hardware.deviceId);
      if (!device) return { hwid: hardware.hwid, model: hardware.model, deviceCloud: null };
      const own = await belongsTo(user, device.id);
      return {
        hwid: hardware.hwid,
        model: hardware.model,
        deviceCloud: toBindable(own ? device : { ...device, name: '', serialNum: '' }),
      };
    },

    async bindableList(member: Actor, hwid: string, claim?: string): Promise<BindableDevice[]> {
      const hardware = await loadClaimable(db, hwid, [member.merchantId], claim);
      if (hardware.deviceId !== null) throw new AppError(ErrorCode.DEVICE_ALREADY_BOUND);
      return (await repo.listBindable(db, member, hardware.model)).map(toBindable);
    },

    async bind(member: Actor, deviceId: number, hwid: string, claimCode?: string) {
      try {
        return await db.transaction(async (tx) => {
          const hardware = await loadClaimable(tx, hwid, [member.merchantId], claimCode, true);
          if (hardware.deviceId !== null) throw new AppError(ErrorCode.DEVICE_ALREADY_BOUND);
          const device = await repo.findVisibleDevice(tx, member, deviceId, true);
          if (!device) throw new AppError(ErrorCode.DEVICE_NOT_FOUND);
          if (await repo.hardwareOfDevice(tx, deviceId)) throw new AppError(ErrorCode.DEVICE_ALREADY_BOUND);
          if (device.model !== hardware.model) throw new AppError(ErrorCode.CONTROLLER_MODEL_MISMATCH);
          const boundAt = await repo.bindHardware(tx, hwid, deviceId, member.merchantId);
          if (!boundAt) throw new AppError(ErrorCode.BINDING_FAILED);
          await writeAudit(tx, member, {
            action: 'device.bind',
            entity: 'device',
            entityId: deviceId,
            after: { hwid, claimed: hardware.merchantId !== member.merchantId },
          });
          await insertOperatorLog(tx, {
            merchantId: member.merchantId,
            deviceId,
            hwid,
            operatorUserId: member.userId,
            key: 'deviceLog.admin.bound',
            content: `Bound to hardware ${hwid}`,
            params: { hwid },
          });
          return { deviceCloudID: deviceId, hwid, boundAt: boundAt.toISOString() };
        });
      } catch (error) {
        // Two bindings racing for the same device: the unique device_id lets one win.
        if (isUniqueViolation(error)) throw new AppError(ErrorCode.BINDING_FAILED);
        throw error;
      }
    },
  };
}
