import { z } from 'zod';
import { pageQuery } from './pagination';
import { deviceModels, hwidPattern } from '../mqtt';

const id = z.number().int();
const localized = z.object({
  'zh-TW': z.string(),
  en: z.string(),
  'zh-HK': z.string(),
  th: z.string(),
  vi: z.string(),
  ms: z.string(),
  'zh-CN': z.string(),
  ja: z.string(),
});

/** A cloud device as the binding screens show it (spec section 3, bindable cloud device). */
export const bindableDevice = z.object({
  id,
  type: z.string().describe('controller model'),
  serialNum: z.string(),
  name: z.string(),
  machine: z.object({ type: z.number().int(), name: localized }),
});
export type BindableDevice = z.infer<typeof bindableDevice>;

export const hardwareParam = z.object({ hwid: z.string().min(1).max(200) });

/** `GET device/hardware/{hwid}`: bound when `deviceCloud` is not null. */
export const hardwareInfo = z.object({
  hwid: z.string(),
  model: z.string(),
  deviceCloud: bindableDevice.nullable(),
});
export type HardwareInfo = z.infer<typeof hardwareInfo>;

/** The one-time code that travels with a controller's binding link (`?claim=`), proving the binder holds it. */
const claimCode = z
  .string()
  .max(64)
  .describe('the claim code from the binding link; unknown hardware answers alike without it');
export const hardwareLookupQuery = z.object({ claim: claimCode.optional() });
export const bindableListQuery = z.object({ hwid: z.string().min(1).max(200), claim: claimCode.optional() });
export const bindingInput = z.object({ hwid: z.string().min(1).max(200), claimCode: claimCode.optional() });
export const bindingResult = z.object({ deviceCloudID: id, hwid: z.string(), boundAt: z.string() });

// ---------------------------------------------------------------- service agents (role root: admin/hardware, admin/device-cloud)

export const hardwareRegistration = z.object({
  hwid: z.string().regex(hwidPattern, 'letters, digits, _ and - (1-64), starting with a letter or digit'),
  model: z.enum(deviceModels),
  merchantId: z
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .optional()
    .describe("the merchant it is for; the service agent's acting merchant when left out"),
});
/** The device secret appears only in this answer; the server keeps its hash. */
export const registeredHardware = z.object({ hwid: z.string(), model: z.string(), secret: z.string() });
/** A new controller: its secret and its one-time claim code, both shown only in this answer. */
export const newHardware = registeredHardware.extend({ merchantId: id, claimCode: z.string() });
export type NewHardware = z.infer<typeof newHardware>;

export const hardwareListQuery = z.object({
  ...pageQuery.shape,
  keyword: z.string().trim().max(100).optional(),
  bound: z.enum(['true', 'false']).optional(),
});
export const hardwareListItem = z.object({
  hwid: z.string(),
  model: z.string(),
  deviceCloud: z.object({ id, merchantId: id, companyName: z.string(), name: z.string() }).nullable(),
  online: z.boolean(),
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
});

export const cloudDeviceInput = z.object({
  name: z.string().trim().max(50).describe('blank answers 1102008'),
  serialNum: z.string().trim().min(1).max(64),
  machineType: z.number().int().min(0).max(1000),
  model: z.enum(deviceModels),
  placeId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
});
export type CloudDeviceInput = z.infer<typeof cloudDeviceInput>;
