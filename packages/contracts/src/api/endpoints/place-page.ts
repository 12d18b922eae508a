import { ErrorCode } from '../../errors';
import { idParam } from '../../schemas/common';
import {
  doneAlertInput,
  doneAlertParams,
  doneAlertResult,
  placePageParam,
  placePublicPage,
  placePublicPageInput,
  publicPlace,
} from '../../schemas/place-page';
import { endpoint } from '../endpoint';
import { apiRoutes } from '../routes';

const tags = ['place-page'];
const notAvailable = 'An unknown key, or a place whose public page is off, answers 404 alike.';

/** A place's public status page: the owner's switch, and what anyone with the link sees and asks. */
export const placePageEndpoints = {
  placePublicPage: endpoint(apiRoutes.placePublicPage, {
    tags,
    summary: "Whether the place's public status page is on, and its address",
    params: idParam,
    result: placePublicPage,
    refusals: [ErrorCode.PLACE_INVALID],
  }),
  placePublicPageUpdate: endpoint(apiRoutes.placePublicPageUpdate, {
    tags,
    summary: "Turn the place's public status page on or off",
    params: idParam,
    body: placePublicPageInput,
    result: placePublicPage,
    refusals: [ErrorCode.PLACE_INVALID],
  }),
  placePage: endpoint(apiRoutes.placePage, {
    tags,
    summary: 'A place as its customers see it: each machine free, in use, done or out of order',
    description: `No money, staff or hardware data. ${notAvailable}`,
    params: placePageParam,
    result: publicPlace,
    refusals: [],
  }),
  placePageStream: endpoint(apiRoutes.placePageStream, {
    tags,
    summary: "Server-Sent Events: a `machine` event with a machine's new state whenever it changes",
    description: notAvailable,
    params: placePageParam,
    produces: ['text/event-stream'],
    refusals: [],
  }),
  placePageDoneAlert: endpoint(apiRoutes.placePageDoneAlert, {
    tags,
    summary: "Be told by Web Push when a running machine's cycle ends; sent once, then forgotten",
    description: `Only https endpoints of the known push services; a few per machine and cycle and per address. ${notAvailable}`,
    params: doneAlertParams,
    body: doneAlertInput,
    result: doneAlertResult,
    bodyLimit: 2048,
    refusals: [ErrorCode.MACHINE_NOT_RUNNING],
  }),
};
