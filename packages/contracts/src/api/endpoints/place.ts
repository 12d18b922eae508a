import { ErrorCode } from '../../errors';
import { deletedResult, idParam } from '../../schemas/common';
import { page } from '../../schemas/pagination';
import { place, placeInput, placeListQuery } from '../../schemas/place';
import { endpoint } from '../endpoint';
import { apiRoutes } from '../routes';

export const placeEndpoints = {
  placeList: endpoint(apiRoutes.placeList, {
    tags: ['place'],
    summary: "The merchant's places, newest first",
    query: placeListQuery,
    result: page(place),
    refusals: [],
  }),
  placeCreate: endpoint(apiRoutes.placeCreate, {
    tags: ['place'],
    summary: 'Create a place',
    body: placeInput,
    result: place,
    refusals: [ErrorCode.PLACE_INVALID],
  }),
  placeDetail: endpoint(apiRoutes.placeDetail, {
    tags: ['place'],
    summary: 'One place',
    params: idParam,
    result: place,
    refusals: [ErrorCode.PLACE_INVALID],
  }),
  placeUpdate: endpoint(apiRoutes.placeUpdate, {
    tags: ['place'],
    summary: 'Edit a place',
    params: idParam,
    body: placeInput,
    result: place,
    refusals: [ErrorCode.PLACE_INVALID],
  }),
  placeDelete: endpoint(apiRoutes.placeDelete, {
    tags: ['place'],
    summary: 'Delete a place that has no devices',
    params: idParam,
    result: deletedResult,
    refusals: [ErrorCode.PLACE_INVALID, ErrorCode.PLACE_HAS_DEVICES],
  }),
};
