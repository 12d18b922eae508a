/**
 * The logger the api hands its parts (Fastify's pino logger is one): details first, then the
 * message. A part that writes fewer levels takes `Pick<Log, 'warn'>`, so a test can hand it less.
 */
export type Log = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};
