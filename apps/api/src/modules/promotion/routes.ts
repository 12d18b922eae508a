import type { FastifyPluginAsync } from 'fastify';
import { promotionEndpoints as contract } from '@sbo/contracts/api/endpoints/promotion';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireMerchant } from '../../plugins/auth-context';
import type { PromotionEffectService } from './effect-service';
import type { PromotionService } from './service';
import type { PromotionTemplateService } from './template-service';

type Deps = { promotions: PromotionService; templates: PromotionTemplateService; effect: PromotionEffectService };

export const promotionRoutes: FastifyPluginAsync<Deps> = async (app, { promotions, templates, effect }) => {
  addEndpoint(app, contract.promotionList, async (request) => ({
    result: await promotions.list(requireMerchant(request), request.query),
  }));
  addEndpoint(app, contract.promotionCreate, async (request) => ({
    result: await promotions.create(requireMerchant(request), request.body),
  }));
  addEndpoint(app, contract.promotionDetail, async (request) => ({
    result: await promotions.detail(requireMerchant(request), request.params.id),
  }));
  addEndpoint(app, contract.promotionUpdate, async (request) => ({
    result: await promotions.update(requireMerchant(request), request.params.id, request.body),
  }));
  addEndpoint(app, contract.promotionStop, async (request) => ({
    result: await promotions.stop(requireMerchant(request), request.params.id),
  }));
  addEndpoint(app, contract.promotionBindingGet, async (request) => ({
    result: await promotions.binding(requireMerchant(request), request.params.id),
  }));
  addEndpoint(app, contract.promotionBindingUpdate, async (request) => ({
    result: await promotions.bind(requireMerchant(request), request.params.id, request.body),
  }));
  addEndpoint(app, contract.promotionEffect, async (request) => ({
    result: await effect.effect(requireMerchant(request), request.params.id),
  }));
  addEndpoint(app, contract.promotionTemplateList, async (request) => ({
    result: await templates.list(requireMerchant(request), request.query),
  }));
  addEndpoint(app, contract.promotionTemplateCreate, async (request) => ({
    result: await templates.create(requireMerchant(request), request.body),
  }));
  addEndpoint(app, contract.promotionTemplateDetail, async (request) => ({
    result: await templates.detail(requireMerchant(request), request.params.id),
  }));
  addEndpoint(app, contract.promotionTemplateDelete, async (request) => ({
    result: await templates.remove(requireMerchant(request), request.params.id),
  }));
};
