import type { FastifyPluginAsync } from 'fastify';
import { productEndpoints as contract } from '@sbo/contracts/api/endpoints/product';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireMerchant } from '../../plugins/auth-context';
import type { createProductService } from './service';

type Deps = { products: ReturnType<typeof createProductService> };

export const productRoutes: FastifyPluginAsync<Deps> = async (app, { products }) => {
  addEndpoint(app, contract.productList, async (request) => ({
    result: await products.list(requireMerchant(request), request.query),
  }));

  addEndpoint(app, contract.productDetail, async (request) => ({
    result: await products.get(requireMerchant(request), request.params.id),
  }));

  addEndpoint(app, contract.productCreate, async (request) => ({
    result: await products.create(requireMerchant(request), request.body),
  }));

  addEndpoint(app, contract.productUpdate, async (request) => ({
    result: await products.update(requireMerchant(request), request.params.id, request.body),
  }));

  addEndpoint(app, contract.productDelete, async (request) => {
    await products.remove(requireMerchant(request), request.params.id);
    return { result: { deleted: true as const } };
  });
};
