import { z } from 'zod';
import { ErrorCode } from '../../errors';
import { idParam } from '../../schemas/common';
import {
  mobilePaymentState,
  mobilePaymentUpdate,
  paymentOptions,
  paymentOptionsUpdate,
  placeIdParam,
  placePaymentOptions,
} from '../../schemas/payment';
import { page } from '../../schemas/pagination';
import { place, placeInput, placeListQuery } from '../../schemas/place';
import { productListQuery, productTemplate, productTemplateInput } from '../../schemas/product';
import { endpoint } from '../endpoint';
import { apiRoutes } from '../routes';

/** What a successful delete answers. */
const deleted = z.object({ deleted: z.literal(true) });

export const placeEndpoints = {
  // places
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
    result: deleted,
    refusals: [ErrorCode.PLACE_INVALID, ErrorCode.PLACE_HAS_DEVICES],
  }),

  // payment options
  paymentOptionList: endpoint(apiRoutes.paymentOptionList, {
    tags: ['payment'],
    summary: 'Payment gateways each place accepts, and whether mobile payment is enabled',
    result: paymentOptions,
    refusals: [ErrorCode.USER_OR_MERCHANT_NOT_FOUND],
  }),
  paymentOptionUpdate: endpoint(apiRoutes.paymentOptionUpdate, {
    tags: ['payment'],
    summary: 'Set the payment gateways a place accepts (mobile ones need mobile payment: 1104018)',
    params: placeIdParam,
    body: paymentOptionsUpdate,
    result: placePaymentOptions,
    refusals: [ErrorCode.PLACE_INVALID, ErrorCode.MOBILE_PAYMENT_NOT_ENABLED],
  }),
  adminMobilePaymentUpdate: endpoint(apiRoutes.adminMobilePaymentUpdate, {
    tags: ['payment'],
    summary: "Service agents: turn the merchant's mobile payment on or off",
    body: mobilePaymentUpdate,
    result: mobilePaymentState,
    refusals: [ErrorCode.USER_OR_MERCHANT_NOT_FOUND],
  }),

  // product templates
  productList: endpoint(apiRoutes.productList, {
    tags: ['product'],
    summary: "The merchant's product templates, newest first",
    query: productListQuery,
    result: page(productTemplate),
    refusals: [],
  }),
  productDetail: endpoint(apiRoutes.productDetail, {
    tags: ['product'],
    summary: 'One product template',
    params: idParam,
    result: productTemplate,
    refusals: [ErrorCode.TEMPLATE_NOT_FOUND],
  }),
  productCreate: endpoint(apiRoutes.productCreate, {
    tags: ['product'],
    summary: 'Create a product template',
    body: productTemplateInput,
    result: productTemplate,
    refusals: [],
  }),
  productUpdate: endpoint(apiRoutes.productUpdate, {
    tags: ['product'],
    summary: 'Edit a product template; machines using it get the new prices',
    params: idParam,
    body: productTemplateInput,
    result: productTemplate,
    refusals: [ErrorCode.TEMPLATE_NOT_FOUND],
  }),
  productDelete: endpoint(apiRoutes.productDelete, {
    tags: ['product'],
    summary: 'Delete a product template no device uses (else 1107002)',
    params: idParam,
    result: deleted,
    refusals: [ErrorCode.TEMPLATE_NOT_FOUND, ErrorCode.TEMPLATE_IN_USE],
  }),
};
