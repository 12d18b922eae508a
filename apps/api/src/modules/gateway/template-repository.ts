import { eq, getTableColumns } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deviceHardware, devices, productTemplates } from '../../db/schema';

const { merchantId: _merchantId, ...templateColumns } = getTableColumns(productTemplates);

/** The product template of the device bound to a controller, with the machine's type and model. */
export async function templateOfHardware(db: Executor, hwid: string) {
  const [row] = await db
    .select({
      template: templateColumns,
      deviceId: devices.id,
      machineType: devices.machineType,
      model: devices.model,
    })
    .from(deviceHardware)
    .innerJoin(devices, eq(devices.id, deviceHardware.deviceId))
    .innerJoin(productTemplates, eq(productTemplates.id, devices.productId))
    .where(eq(deviceHardware.hwid, hwid));
  return row ?? null;
}
