import { z } from 'zod';
import { ErrorCode } from '../../errors';
import { idParam } from '../../schemas/common';
import {
  abConfig,
  abConfigInput,
  coinDispenserRefill,
  coinDispenserTotal,
  commandResult,
  deviceInfo,
  deviceListItem,
  deviceListQuery,
  deviceUpdate,
  remoteCommand,
  testModeInput,
} from '../../schemas/device';
import { page } from '../../schemas/pagination';
import { batchInput, batchPreview, batchPreviewInput, commandBatch } from '../../schemas/command-batch';
import { maxBatchDevices } from '../../constants';
import { endpoint } from '../endpoint';
import { apiRoutes } from '../routes';

const tags = ['device'];
const commandFailures =
  'Waits for the device. No answer: 1702001 "connection timed out, check device status"; a refusal: its code (1702002, 1710001, 1710002, 1710003 mid-cycle, 1710004 no fault to clear...).';
/** What a command can be refused with: by the api before it is sent, or by the machine. */
const commandRefusals = [
  ErrorCode.DEVICE_NOT_FOUND,
  ErrorCode.DEVICE_UNBOUND,
  ErrorCode.DEVICE_INVALID,
  ErrorCode.ACTION_NOT_SUPPORTED,
  ErrorCode.COMMAND_REJECTED,
  ErrorCode.MACHINE_STATUS_UNAVAILABLE,
  ErrorCode.DEVICE_INTERNAL_ERROR,
  ErrorCode.DEVICE_NOT_STANDBY,
  ErrorCode.COIN_DISPENSE_UNAVAILABLE,
  ErrorCode.DEVICE_CYCLE_RUNNING,
  ErrorCode.NO_FAULT_TO_CLEAR,
] as const;

export const deviceEndpoints = {
  deviceList: endpoint(apiRoutes.deviceList, {
    tags,
    summary: 'Devices the member may see (merchant, whitelist), with their live status',
    query: deviceListQuery,
    result: page(deviceListItem),
    refusals: [],
  }),
  deviceInfo: endpoint(apiRoutes.deviceInfo, {
    tags,
    summary: 'One device in full',
    params: idParam,
    result: deviceInfo,
    refusals: [ErrorCode.DEVICE_NOT_FOUND],
  }),
  deviceUpdate: endpoint(apiRoutes.deviceUpdate, {
    tags,
    summary: 'Rename, move, or change the product (AB3, AB2, AY; the machine confirms the new prices)',
    params: idParam,
    body: deviceUpdate,
    result: deviceInfo,
    refusals: [
      ErrorCode.DEVICE_NOT_FOUND,
      ErrorCode.NAME_EMPTY,
      ErrorCode.PLACE_NOT_FOUND,
      ErrorCode.TEMPLATE_NOT_FOUND,
      ErrorCode.TEMPLATE_UNAVAILABLE,
      ErrorCode.PRODUCT_CHANGE_UNSUPPORTED,
      ErrorCode.TEMPLATE_EXCEEDS_MACHINE_LIMITS,
      ...commandRefusals,
    ],
  }),
  deviceEvents: endpoint(apiRoutes.deviceEvents, {
    tags,
    summary: 'Server-Sent Events: `device` (a deviceLiveUpdate) whenever a visible device changes',
    description:
      'For EventSource the merchant token may be passed as `?token=`. Streams end after a while; EventSource reconnects.',
    query: z.object({ token: z.string().max(4096).optional() }),
    produces: ['text/event-stream'],
    refusals: [],
  }),
  deviceRemote: endpoint(apiRoutes.deviceRemote, {
    tags,
    summary: 'A remote action of spec section 4, if the machine supports it (see info.remoteActions)',
    description: commandFailures,
    params: idParam,
    body: remoteCommand,
    result: commandResult,
    refusals: commandRefusals,
  }),
  commandBatchPreview: endpoint(apiRoutes.commandBatchPreview, {
    tags,
    summary: 'Which of the selected machines would receive a command now, and which not and why',
    description: `Machines by id or every machine matching the device list's filter, at most ${maxBatchDevices}. Nothing is sent.`,
    body: batchPreviewInput,
    result: batchPreview,
    refusals: [ErrorCode.TOO_MANY_MACHINES],
  }),
  commandBatchCreate: endpoint(apiRoutes.commandBatchCreate, {
    tags,
    summary: 'Send one remote action (or the prices in force) to many machines',
    description:
      'Answers at once with the batch: machines the command cannot reach now are listed in `skipped`; the others are sent it, each written to the device log and the audit log. Follow the answers with `GET device-commands/{batchId}`.',
    body: batchInput,
    result: commandBatch,
    refusals: [ErrorCode.TOO_MANY_MACHINES],
  }),
  commandBatchGet: endpoint(apiRoutes.commandBatchGet, {
    tags,
    summary: "A command to many machines: each machine's answer so far",
    params: z.object({ batchId: z.string().uuid() }),
    result: commandBatch,
    refusals: [ErrorCode.DATA_NOT_FOUND],
  }),
  coinDispenserRefill: endpoint(apiRoutes.coinDispenserRefill, {
    tags,
    summary: 'Refill the coin dispenser: the amount it now holds',
    description: commandFailures,
    params: idParam,
    body: coinDispenserRefill,
    result: commandResult,
    refusals: commandRefusals,
  }),
  coinDispenserCapacity: endpoint(apiRoutes.coinDispenserCapacity, {
    tags,
    summary: "Set the coin dispenser's capacity",
    description: commandFailures,
    params: idParam,
    body: coinDispenserTotal,
    result: commandResult,
    refusals: commandRefusals,
  }),
  banknoteReset: endpoint(apiRoutes.banknoteReset, {
    tags,
    summary: "Reset the bill acceptor's counts",
    description: commandFailures,
    params: idParam,
    result: commandResult,
    refusals: commandRefusals,
  }),
  deviceTestMode: endpoint(apiRoutes.deviceTestMode, {
    tags,
    summary: 'Test mode: a positive testTime (seconds) turns it on, 0 off',
    description: commandFailures,
    params: idParam,
    body: testModeInput,
    result: commandResult,
    refusals: commandRefusals,
  }),
  abConfigGet: endpoint(apiRoutes.abConfigGet, {
    tags,
    summary: "An AB controller's settings",
    params: idParam,
    result: abConfig,
    refusals: [ErrorCode.DEVICE_NOT_FOUND, ErrorCode.AB_CONFIG_ONLY],
  }),
  abConfigUpdate: endpoint(apiRoutes.abConfigUpdate, {
    tags,
    summary: "Change an AB controller's settings (merged into the current ones)",
    description: commandFailures,
    params: idParam,
    body: abConfigInput,
    result: abConfig,
    refusals: [...commandRefusals, ErrorCode.AB_CONFIG_ONLY],
  }),
};
