import { defineModule } from '../../lib/module';
import { configuredSmsProvider } from '../../sms/configured-provider';
import { cardConsumerRoutes } from './consumer-routes';
import { cardRoutes } from './routes';
import { createCardConsumerService, createCardsService } from './service';

/** Stored-value cards: the merchant's desk, and the consumer's page that tops a card up. */
export const cardsModule = defineModule({
  name: 'cards',
  setup: ({ config, db, clock, log, sms, need }) => ({
    async routes(v1) {
      await v1.register(cardRoutes, { cards: createCardsService({ db, clock }) });
      await v1.register(cardConsumerRoutes, {
        consumer: createCardConsumerService({
          db,
          clock,
          gateways: need('paymentGateways'),
          sms: sms ?? configuredSmsProvider(config, log.child({ module: 'sms' })),
          publicUrl: config.publicUrl,
          log: log.child({ module: 'cards' }),
        }),
        ordersPerMinute: config.RATE_LIMIT_CHECKOUT_PER_MINUTE,
      });
    },
  }),
});
