import { ErrorCode } from '@sbo/contracts';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { DeviceScope } from '../../scope/device-scope';
import { findDevice } from './repository';

/** The machine the member may see, or DEVICE_NOT_FOUND (1102004): the first step of every device action. */
export async function loadDevice(db: Executor, scope: DeviceScope, id: number) {
  const row = await findDevice(db, scope, id);
  if (!row) throw new AppError(ErrorCode.DEVICE_NOT_FOUND);
  return row;
}
