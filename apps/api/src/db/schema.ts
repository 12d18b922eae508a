// The whole schema, as drizzle-kit and the code read it: users, merchants and their members in
// people-schema.ts; places, machines and product templates in device-schema.ts; device events, the
// device log and command batches in device-event-schema.ts (columns.ts holds the column groups they
// all share; a reference is built beside the table it points at, as merchantRef in people-schema.ts);
// sales and money in money-schema.ts; online payment gateways in payment-schema.ts; consumer
// checkout orders in checkout-schema.ts; member cards and the OK card (ledger, authorizations, top-ups, SMS codes) in card-schema.ts;
// promotions, their templates and bound machines in promotion-schema.ts; notification events,
// inboxes, settings, linked channels and background jobs in notification-schema.ts.
export * from './people-schema';
export * from './device-schema';
export * from './device-event-schema';
export * from './money-schema';
export * from './payment-schema';
export * from './checkout-schema';
export * from './card-schema';
export * from './promotion-schema';
export * from './notification-schema';
