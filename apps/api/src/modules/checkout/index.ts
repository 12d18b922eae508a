import { defineModule } from '../../lib/module';
import { checkoutRoutes } from './routes';
import { createCheckoutService } from './service';

/** A consumer paying at a machine's checkout page; the machine is credited once the payment is confirmed. */
export const checkoutModule = defineModule({
  name: 'checkout',
  setup({ config, db, clock, log, gateway, need }) {
    const checkout = createCheckoutService({
      db,
      clock,
      gateways: need('paymentGateways'),
      publicUrl: config.publicUrl,
      sendCommand: gateway?.sendCommand,
      ackTimeoutMs: config.DEVICE_ACK_TIMEOUT_MS,
      log: log.child({ module: 'checkout' }),
    });
    return {
      routes: async (v1) =>
        void (await v1.register(checkoutRoutes, { checkout, ordersPerMinute: config.RATE_LIMIT_CHECKOUT_PER_MINUTE })),
      // A machine being credited is finished (or refunded) before the database goes away.
      onClose: () => checkout.idle(),
    };
  },
});
