import { z } from 'zod';
import { ErrorCode } from '../../errors';
import { idParam } from '../../schemas/common';
import { deviceListItem } from '../../schemas/device';
import {
  bindableDevice,
  bindableListQuery,
  bindingInput,
  bindingResult,
  cloudDeviceInput,
  hardwareInfo,
  hardwareListItem,
  hardwareListQuery,
  hardwareLookupQuery,
  hardwareParam,
  hardwareRegistration,
  newHardware,
  registeredHardware,
} from '../../schemas/hardware';
import { page } from '../../schemas/pagination';
import { endpoint } from '../endpoint';
import { apiRoutes } from '../routes';

const bindingTags = ['hardware binding'];
/** Service agents only: a root user's merchant token, for the merchant they act in (else 1104016). */
const agentTags = ['service agents'];

export const hardwareEndpoints = {
  hardwareLookup: endpoint(apiRoutes.hardwareLookup, {
    tags: bindingTags,
    summary:
      'A controller by hardware id, for a user of its merchant or holding its claim code; bound when deviceCloud is not null (1102004 unknown or not yours, 1102010 malformed)',
    params: hardwareParam,
    query: hardwareLookupQuery,
    result: hardwareInfo,
    refusals: [ErrorCode.DEVICE_NOT_FOUND, ErrorCode.HARDWARE_ID_INVALID],
  }),
  bindableDeviceList: endpoint(apiRoutes.bindableDeviceList, {
    tags: bindingTags,
    summary: "The merchant's unbound cloud devices this hardware can drive (same model); 1102009 if it is bound",
    query: bindableListQuery,
    result: z.array(bindableDevice),
    refusals: [ErrorCode.DEVICE_NOT_FOUND, ErrorCode.HARDWARE_ID_INVALID, ErrorCode.DEVICE_ALREADY_BOUND],
  }),
  deviceBind: endpoint(apiRoutes.deviceBind, {
    tags: bindingTags,
    summary: 'Bind hardware to a cloud device (1102003-1102009)',
    params: idParam,
    body: bindingInput,
    result: bindingResult,
    refusals: [
      ErrorCode.BINDING_FAILED,
      ErrorCode.DEVICE_NOT_FOUND,
      ErrorCode.HARDWARE_ID_INVALID,
      ErrorCode.CONTROLLER_MODEL_MISMATCH,
      ErrorCode.DEVICE_ALREADY_BOUND,
    ],
  }),
  adminHardwareRegister: endpoint(apiRoutes.adminHardwareRegister, {
    tags: agentTags,
    summary:
      "Register a controller for a merchant (the agent's acting one by default); the answer holds its secret and claim code, shown only this once",
    body: hardwareRegistration,
    result: newHardware,
    refusals: [
      ErrorCode.HARDWARE_ID_INVALID,
      ErrorCode.HARDWARE_ALREADY_REGISTERED,
      ErrorCode.USER_OR_MERCHANT_NOT_FOUND,
    ],
  }),
  adminHardwareList: endpoint(apiRoutes.adminHardwareList, {
    tags: agentTags,
    summary: 'Every registered controller, newest first',
    query: hardwareListQuery,
    result: page(hardwareListItem),
    refusals: [],
  }),
  adminHardwareSecret: endpoint(apiRoutes.adminHardwareSecret, {
    tags: agentTags,
    summary: "Replace a controller's secret; the answer holds the new one",
    params: hardwareParam,
    result: registeredHardware,
    refusals: [ErrorCode.DEVICE_NOT_FOUND],
  }),
  adminCloudDeviceCreate: endpoint(apiRoutes.adminCloudDeviceCreate, {
    tags: agentTags,
    summary: "Create a cloud device for the token's merchant",
    body: cloudDeviceInput,
    result: deviceListItem,
    refusals: [ErrorCode.NAME_EMPTY, ErrorCode.CONTROLLER_MODEL_MISMATCH, ErrorCode.PLACE_NOT_FOUND],
  }),
};
