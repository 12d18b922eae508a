import { z } from 'zod';
import { ErrorCode } from '../../errors';
import {
  cashboxCollection,
  cashboxTrip,
  cashboxTripDetail,
  cashboxTripListQuery,
  cashboxTripStart,
} from '../../schemas/cashbox';
import { idParam } from '../../schemas/common';
import { page } from '../../schemas/pagination';
import { endpoint } from '../endpoint';
import { apiRoutes } from '../routes';

const tags = ['cashbox'];
const deviceParams = z.object({ id: idParam.shape.id, deviceId: idParam.shape.id });
/** Changes need an open trip of the merchant: 10005 when there is none, 400 when it is already settled. */
const openTripRefusals = [ErrorCode.DATA_NOT_FOUND, ErrorCode.CASHBOX_TRIP_SETTLED] as const;

export const cashboxEndpoints = {
  cashboxTripList: endpoint(apiRoutes.cashboxTripList, {
    tags,
    summary: 'Collection trips, newest first, with expected and collected totals',
    query: cashboxTripListQuery,
    result: page(cashboxTrip),
    refusals: [],
  }),
  cashboxTripStart: endpoint(apiRoutes.cashboxTripStart, {
    tags,
    summary: 'Start a trip over chosen machines and/or every machine of chosen places',
    description: '1104008 when a chosen machine is not one of yours.',
    body: cashboxTripStart,
    result: cashboxTripDetail,
    refusals: [ErrorCode.DEVICES_NOT_OF_MERCHANT, ErrorCode.DEVICE_NOT_FOUND],
  }),
  cashboxTripDetail: endpoint(apiRoutes.cashboxTripDetail, {
    tags,
    summary: 'One trip with each machine: cash-box amount now, expected, collected',
    params: idParam,
    result: cashboxTripDetail,
    refusals: [ErrorCode.DATA_NOT_FOUND],
  }),
  cashboxTripCount: endpoint(apiRoutes.cashboxTripCount, {
    tags,
    summary: "Record what was found in a machine's cash box (expected becomes its amount now)",
    params: deviceParams,
    body: cashboxCollection,
    result: cashboxTripDetail,
    refusals: [...openTripRefusals, ErrorCode.DEVICE_NOT_FOUND],
  }),
  cashboxTripSettle: endpoint(apiRoutes.cashboxTripSettle, {
    tags,
    summary: 'Settle the trip: a settlement record per collected machine, whose cash-box count starts over',
    params: idParam,
    result: cashboxTripDetail,
    refusals: [...openTripRefusals, ErrorCode.CASHBOX_NOTHING_COLLECTED],
  }),
  cashboxTripDrop: endpoint(apiRoutes.cashboxTripDrop, {
    tags,
    summary: 'Drop an open trip',
    params: idParam,
    result: z.object({ deleted: z.boolean() }),
    refusals: openTripRefusals,
  }),
};
