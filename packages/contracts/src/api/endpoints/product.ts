import { ErrorCode } from '../../errors';
import { deletedResult, idParam } from '../../schemas/common';
import { page } from '../../schemas/pagination';
import { productListQuery, productTemplate, productTemplateInput } from '../../schemas/product';
import { endpoint } from '../endpoint';
import { apiRoutes } from '../routes';

/** Product templates: a machine type's products and prices, applied to the machines that use it. */
export const productEndpoints = {
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
    result: deletedResult,
    refusals: [ErrorCode.TEMPLATE_NOT_FOUND, ErrorCode.TEMPLATE_IN_USE],
  }),
};
