import { defineModule } from '../../lib/module';
import { createPromotionEffectService } from './effect-service';
import { createPromotionPricing } from './pricing';
import { promotionRoutes } from './routes';
import { createPromotionService } from './service';
import { createPromotionTemplateService } from './template-service';

/** Promotions and their templates; happy-hour prices pushed to the machines while the gateway runs. */
export const promotionModule = defineModule({
  name: 'promotion',
  setup({ config, pool, db, clock, log, gateway }) {
    const pricingLog = log.child({ module: 'promotion' });
    const pricing = gateway
      ? createPromotionPricing({ pool, db, clock, send: gateway.sendCommand, log: pricingLog })
      : null;
    return {
      routes: async (v1) =>
        void (await v1.register(promotionRoutes, {
          promotions: createPromotionService({ db, clock }),
          templates: createPromotionTemplateService({ db, clock }),
          effect: createPromotionEffectService({ db, clock }),
        })),
      jobs: pricing
        ? [
            {
              name: 'promotion pricing',
              everySeconds: config.PROMOTION_PRICING_SECONDS,
              run: pricing.tick,
              log: pricingLog,
            },
          ]
        : [],
    };
  },
});
