import { ErrorCode, machineTypes, type CloudDeviceInput, type DeviceListItem, type NewHardware } from '@sbo/contracts';
import { modelsByKind } from '@sbo/contracts/mqtt';
import type { Database, Executor } from '../../db/client';
import { AppError, InvalidFields } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import { generateClaimCode, hashClaimCode } from '../../lib/claim-code';
import { deviceSecretKey, generateDeviceSecret, hashDeviceSecret, mosquittoHash } from '../../lib/device-secret';
import type { Actor } from '../../machines/command-runner';
import { kindOf } from '../../machines/device-kind';
import { toListItem } from '../device/service';
import { findDevice, placeExists } from '../device/service';
import { findMerchant } from '../merchant/service';
import * as repo from './repository';

const knownTypes = new Set<number>(Object.values(machineTypes).filter((t) => t >= 0));

async function hashes(db: Executor, secret: string) {
  return { secretHash: hashDeviceSecret(await deviceSecretKey(db), secret), brokerHash: mosquittoHash(secret) };
}

/** Tells instances that keep an external broker's password file to rewrite it (after commit). */
const announce = (tx: Executor, hwid: string) => repo.announceHardware(tx, hwid);

/** Service agents' tools (role root only): controllers and cloud devices. */
export function createHardwareAdminService(deps: { db: Database }) {
  const { db } = deps;
  return {
    /**
     * Registered for a merchant (the agent's acting one unless named), which alone may bind it
     * as is; the claim code lets another merchant prove it holds the hardware. Both secret and
     * code are returned once; only their hashes are kept.
     */
    async register(actor: Actor, input: { hwid: string; model: string; merchantId?: number }): Promise<NewHardware> {
      const merchantId = input.merchantId ?? actor.merchantId;
      if (!(await findMerchant(db, { merchantId }))) throw new AppError(ErrorCode.USER_OR_MERCHANT_NOT_FOUND);
      const secret = generateDeviceSecret();
      const claimCode = generateClaimCode();
      const values = {
        hwid: input.hwid,
        model: input.model,
        merchantId,
        claimCodeHash: hashClaimCode(claimCode),
        ...(await hashes(db, secret)),
      };
      await db.transaction(async (tx) => {
        if (!(await repo.insertHardware(tx, values))) throw new AppError(ErrorCode.HARDWARE_ALREADY_REGISTERED);
        await writeAudit(
          tx,
          { merchantId: null, userId: actor.userId },
          {
            action: 'hardware.register',
            entity: 'hardware',
            entityId: input.hwid,
            after: { model: input.model, merchantId },
          },
        );
        await announce(tx, input.hwid);
      });
      return { hwid: input.hwid, model: input.model, secret, merchantId, claimCode };
    },

    async rotateSecret(actor: Actor, hwid: string) {
      const hardware = await repo.findHardware(db, hwid);
      if (!hardware) throw new AppError(ErrorCode.DEVICE_NOT_FOUND);
      const secret = generateDeviceSecret();
      const values = await hashes(db, secret);
      await db.transaction(async (tx) => {
        await repo.updateSecret(tx, hwid, values);
        await writeAudit(
          tx,
          { merchantId: null, userId: actor.userId },
          {
            action: 'hardware.rotateSecret',
            entity: 'hardware',
            entityId: hwid,
          },
        );
        await announce(tx, hwid);
      });
      return { hwid, model: hardware.model, secret };
    },

    async list(filter: repo.HardwareFilter) {
      const { rows, total } = await repo.listHardware(db, filter);
      const items = rows.map((r) => ({
        hwid: r.hwid,
        model: r.model,
        deviceCloud:
          r.deviceId !== null && r.merchantId !== null
            ? { id: r.deviceId, merchantId: r.merchantId, companyName: r.companyName ?? '', name: r.deviceName ?? '' }
            : null,
        online: r.online === true,
        lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
      }));
      return { items, total, page: filter.page, pageSize: filter.pageSize };
    },

    /** A cloud device for the merchant of the agent's token, ready to be bound. */
    async createCloudDevice(actor: Actor, input: CloudDeviceInput): Promise<DeviceListItem> {
      if (input.name === '') throw new AppError(ErrorCode.NAME_EMPTY);
      if (!knownTypes.has(input.machineType))
        throw new InvalidFields([{ path: 'body.machineType', message: 'unknown machine type' }]);
      const kind = kindOf(input.machineType);
      if (kind && !(modelsByKind[kind] as readonly string[]).includes(input.model))
        throw new AppError(ErrorCode.CONTROLLER_MODEL_MISMATCH);
      const placeId = input.placeId ?? null;
      if (placeId !== null && !(await placeExists(db, actor, placeId))) throw new AppError(ErrorCode.PLACE_NOT_FOUND);
      const id = await db.transaction(async (tx) => {
        const created = await repo.insertCloudDevice(tx, { ...input, placeId, merchantId: actor.merchantId });
        await writeAudit(tx, actor, {
          action: 'device.create',
          entity: 'device',
          entityId: created,
          after: input,
        });
        return created;
      });
      return toListItem((await findDevice(db, actor, id))!);
    },
  };
}
