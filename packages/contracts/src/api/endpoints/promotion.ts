import { z } from 'zod';
import { ErrorCode } from '../../errors';
import { idParam } from '../../schemas/common';
import { page, pageQuery } from '../../schemas/pagination';
import {
  promotion,
  promotionBinding,
  promotionBindingInput,
  promotionEffect,
  promotionInput,
  promotionListQuery,
  promotionPage,
  promotionTemplate,
  promotionTemplateInput,
} from '../../schemas/promotion';
import { endpoint } from '../endpoint';
import { apiRoutes } from '../routes';

const tags = ['promotion'];
const missing = ErrorCode.PROMOTION_NOT_FOUND;
/** A member limited to some machines changes only promotions wholly within them (1109003). */
const changeRefusals = [missing, ErrorCode.PROMOTION_NOT_OF_MERCHANT, ErrorCode.PROMOTION_NOT_EDITABLE] as const;

export const promotionEndpoints = {
  promotionList: endpoint(apiRoutes.promotionList, {
    tags,
    summary: 'Promotions, newest first, with a count per status tab',
    query: promotionListQuery,
    result: promotionPage,
    refusals: [],
  }),
  promotionCreate: endpoint(apiRoutes.promotionCreate, {
    tags,
    summary: 'Create a promotion (from scratch, or from a template the form was filled from)',
    description:
      'The end is null (never) or a date in the future (400 with the end-date message). 1109001: no such template.',
    body: promotionInput,
    result: promotion,
    refusals: [ErrorCode.PROMOTION_TEMPLATE_NOT_FOUND],
  }),
  promotionDetail: endpoint(apiRoutes.promotionDetail, {
    tags,
    summary: 'One promotion with its status now',
    params: idParam,
    result: promotion,
    refusals: [missing],
  }),
  promotionUpdate: endpoint(apiRoutes.promotionUpdate, {
    tags,
    summary: 'Change a pending or active promotion (its category stays)',
    description:
      '1109005 once it has ended or was stopped; 1109004 when its new times overlap another promotion on a bound machine.',
    params: idParam,
    body: promotionInput,
    result: promotion,
    refusals: [...changeRefusals, ErrorCode.PROMOTION_TEMPLATE_NOT_FOUND, ErrorCode.PROMOTION_DEVICE_TIME_OVERLAP],
  }),
  promotionStop: endpoint(apiRoutes.promotionStop, {
    tags,
    summary: 'Stop a promotion by hand (disabled); the screen asks for confirmation first',
    params: idParam,
    result: promotion,
    refusals: changeRefusals,
  }),
  promotionBindingGet: endpoint(apiRoutes.promotionBindingGet, {
    tags,
    summary: 'The places and machines this promotion may bind, which are bound, and which another promotion holds',
    params: idParam,
    result: promotionBinding,
    refusals: [missing],
  }),
  promotionBindingUpdate: endpoint(apiRoutes.promotionBindingUpdate, {
    tags,
    summary: 'Bind exactly these machines (and every machine of these places) to the promotion',
    description:
      '1109004 names the other promotion when a machine is bound to one of the same category whose times overlap; 1104008 for a machine that is not yours.',
    params: idParam,
    body: promotionBindingInput,
    result: promotionBinding,
    refusals: [...changeRefusals, ErrorCode.PROMOTION_DEVICE_TIME_OVERLAP, ErrorCode.DEVICES_NOT_OF_MERCHANT],
  }),
  promotionEffect: endpoint(apiRoutes.promotionEffect, {
    tags,
    summary: 'Sales, revenue, discount and cycles under the promotion vs. the same hours of the four weeks before',
    params: idParam,
    result: promotionEffect,
    refusals: [missing],
  }),
  promotionTemplateList: endpoint(apiRoutes.promotionTemplateList, {
    tags,
    summary: 'Saved promotion templates, newest first',
    query: pageQuery,
    result: page(promotionTemplate),
    refusals: [],
  }),
  promotionTemplateCreate: endpoint(apiRoutes.promotionTemplateCreate, {
    tags,
    summary: 'Save a template from a promotion (`promotionId`) or from scratch',
    body: promotionTemplateInput,
    result: promotionTemplate,
    refusals: [missing],
  }),
  promotionTemplateDetail: endpoint(apiRoutes.promotionTemplateDetail, {
    tags,
    summary: 'One promotion template',
    params: idParam,
    result: promotionTemplate,
    refusals: [ErrorCode.PROMOTION_TEMPLATE_NOT_FOUND],
  }),
  promotionTemplateDelete: endpoint(apiRoutes.promotionTemplateDelete, {
    tags,
    summary: 'Delete a promotion template (promotions made from it keep their rules)',
    params: idParam,
    result: z.object({ deleted: z.boolean() }),
    refusals: [ErrorCode.PROMOTION_TEMPLATE_NOT_FOUND],
  }),
};
