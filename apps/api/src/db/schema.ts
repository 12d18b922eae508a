// The whole schema, as drizzle-kit and the code read it: merchants, devices and people in
// core-schema.ts; sales and money in money-schema.ts (which references the core tables); online
// payment gateways in payment-schema.ts; consumer checkout orders in checkout-schema.ts;
// member cards and the OK card (ledger, authorizations, top-ups, SMS codes) in card-schema.ts;
// promotions, their templates and bound machines in promotion-schema.ts; notification events,
// inboxes, settings, linked channels and background jobs in notification-schema.ts.
export * from './core-schema';
export * from './money-schema';
export * from './payment-schema';
export * from './checkout-schema';
export * from './card-schema';
export * from './promotion-schema';
export * from './notification-schema';
