import { isIP } from 'node:net';
import { z } from 'zod';
import { deviceTiming } from '@sbo/contracts/mqtt';

const port = z.coerce.number().int().min(1).max(65535);
const seconds = z.coerce.number().positive().max(86_400);
const url = z.url();
/** One proxy Fastify may believe: an address, a CIDR range, or proxy-addr's loopback / linklocal / uniquelocal. */
function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d{1,3}$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}
/** A comma-separated list, each entry trimmed; `keepEmpty` keeps empty entries for the check to refuse. */
const commaList = (keepEmpty: boolean) =>
  z.string().transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => keepEmpty || entry !== ''),
  );
// Unset: no proxy is trusted, so X-Forwarded-* headers never choose the client address.
const proxyList = commaList(true).refine(
  (entries) => entries.every(isProxyEntry),
  'a comma-separated list of IP addresses or CIDR ranges',
);
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting the api reads, validated at start (see the README's configuration table). */
const configSchema = z.object({
  // demo: `npm start`'s one-command trial (demo data, simulated fleet, sandbox providers); production:
  // none of them, and the sandbox providers are refused at start (docs/decisions.md, "Two ways to run").
  MODE: z.enum(['demo', 'production']).default('production'),
  // Sandbox providers move no money and send nothing: on by default in demo, refused in production.
  PAYMENT_SANDBOX: flag.optional(),
  PAYOUT_SANDBOX: flag.optional(),
  SMS_SANDBOX: flag.optional(),
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: url.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url.optional(),
  EMBEDDED_PG_PORT: port.default(54329),
  // The embedded PostgreSQL's own cache in MB; unset: a quarter of the machine's memory (of a container's
  // limit when it has one), 128 MB to 8 GB (db/embedded.ts).
  EMBEDDED_PG_SHARED_BUFFERS_MB: z.coerce.number().int().min(16).max(1_048_576).optional(),
  JWT_SECRET: z.string().min(32).optional(),
  OIDC_ISSUER: url.optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  SSO_CLIENT_SECRET: z.string().min(16).optional(),
  // /metrics (Prometheus) on a port of its own, unset: not served; on 127.0.0.1 unless METRICS_HOST says otherwise.
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // On SIGTERM: readiness answers 503 for this long before the api stops taking connections (so a
  // proxy's probe sees it and sends no more), then what is in flight has this long to finish.
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Unset: the demo only into a fresh embedded database, never into an external one.
  SEED_DEMO: flag.optional(),
  WEB_DIST: z.string().optional(),
  RATE_LIMIT_SIGN_IN_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /** Checkout orders one address may create per minute; its machine views, order reads and returns scale from it. */
  RATE_LIMIT_CHECKOUT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_DEVICE_COMMANDS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  TRUST_PROXY: proxyList.optional(),
  // Device gateway (docs/device-gateway.md).
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  MQTT_HOST: z.string().min(1).default('0.0.0.0'),
  MQTT_URL: z.url({ protocol: /^(mqtts?|wss?|tcp|tls)$/ }).optional(),
  MQTT_USERNAME: z.string().min(1).max(64).default('sbo-gateway'),
  MQTT_PASSWORD: z.string().min(16).optional(),
  MQTT_SHARED_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  MQTT_PASSWORD_FILE: z.string().min(1).optional(),
  MQTT_ACL_FILE: z.string().min(1).optional(),
  MQTT_BROKER_PID_FILE: z.string().min(1).optional(),
  // Fixed client id (prefix) of the persistent events session on an external broker; one per instance.
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/)
    .optional(),
  MQTT_MAX_PACKET_BYTES: z.coerce.number().int().min(1024).max(16_777_216).default(65_536),
  MQTT_CONNECTS_PER_ADDRESS: z.coerce.number().int().min(0).default(100),
  // 300 a second lets 10,000 machines in within about 40 s while the reports of those already in keep
  // reaching the database within a second on two cores (docs/performance.md); raise it on larger machines.
  MQTT_CONNECTS_PER_SECOND: z.coerce.number().int().min(0).default(300),
  MQTT_FAILED_CONNECTS_PER_HWID: z.coerce.number().int().min(0).default(10),
  MAX_SALE_AMOUNT: z.coerce.number().int().positive().max(1_000_000_000_000).optional(),
  DEVICE_ACK_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(deviceTiming.ackTimeoutMs),
  DEVICE_OFFLINE_AFTER_SECONDS: seconds.default(deviceTiming.offlineAfterSeconds),
  DEVICE_OFFLINE_CHECK_SECONDS: seconds.default(15),
  /** How far a machine's clock may be from the server's before its times are not taken (docs/money.md). */
  DEVICE_CLOCK_TOLERANCE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  GATEWAY_STATS_SECONDS: z.coerce.number().min(0).max(86_400).default(60),
  SSE_STREAM_MAX_SECONDS: seconds.default(900),
  SSE_HEARTBEAT_SECONDS: seconds.default(15),
  // Money (docs/money.md).
  SETTLEMENT_JOB_SECONDS: z.coerce.number().min(0).max(86_400).default(30),
  /** How often each instance looks for notification work (device faults, offline checks, deliveries); 0: never. */
  NOTIFICATION_JOB_SECONDS: z.coerce.number().min(0).max(3_600).default(5),
  /** How often idle machines and cash, note and coin levels are checked; 0: never. */
  NOTIFICATION_ANOMALY_SECONDS: z.coerce.number().min(0).max(86_400).default(300),
  // Delivery channels (docs/notifications.md). Web Push: more push services beside the known ones
  // (comma list of https origins), and the VAPID contact (https: or mailto:; PUBLIC_URL when https).
  WEB_PUSH_ALLOWED_ORIGINS: commaList(false)
    .refine(
      (entries) => entries.every((entry) => /^https:\/\/[^/?#]+$/i.test(entry)),
      'a comma-separated list of https origins (https://host[:port])',
    )
    .optional(),
  WEB_PUSH_SUBJECT: z
    .string()
    .regex(/^(https:\/\/|mailto:)\S+$/, 'an https: URL or a mailto: address')
    .optional(),
  // LINE Messaging API: LINE is offered only when both the token and the secret are set.
  LINE_CHANNEL_ACCESS_TOKEN: z.string().min(1).optional(),
  LINE_CHANNEL_SECRET: z.string().min(1).optional(),
  LINE_API_URL: url.default('https://api.line.me'),
  /** The official account's add-friend link shown beside a link code (https://line.me/R/ti/p/@…). */
  LINE_ADD_FRIEND_URL: url.optional(),
  // E-mail: offered only when SMTP_URL is set (smtp://user:pass@host:587, smtps://… for TLS).
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'an smtp:// or smtps:// URL')
    .optional(),
  SMTP_FROM: z.string().min(3).default('Back office <no-reply@localhost>'),
  // SMS codes through Twilio (docs/cards.md): the account, its auth token or an API key, and a sender.
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'an account SID (AC + 32 hex digits)')
    .optional(),
  // Secrets are not length-checked: a refused value would be printed in the start-up error.
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_API_KEY_SID: z
    .string()
    .regex(/^SK[0-9a-fA-F]{32}$/, 'an API key SID (SK + 32 hex digits)')
    .optional(),
  TWILIO_API_KEY_SECRET: z.string().min(1).optional(),
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+?\d{3,15}|(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11})$/,
      'a phone number or an alphanumeric sender id (11 characters)',
    )
    .optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-fA-F]{32}$/, 'a messaging service SID')
    .optional(),
  TWILIO_API_URL: url.default('https://api.twilio.com'),
  /** How long one attempt at sending a text message may take (three attempts at most). */
  SMS_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(8_000),
  // How often happy-hour prices are pushed to machines (docs/promotions.md); 0 turns it off.
  PROMOTION_PRICING_SECONDS: z.coerce.number().min(0).max(3_600).default(20),
  PAYOUT_SANDBOX_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(86_400 * 7)
    .default(60),
  // Online payments (docs/payments.md). Unset key: one generated and kept in the database.
  PAYMENT_CREDENTIALS_KEY: z.string().min(32).optional(),
  // Unset: LINE Pay's live API in production, its sandbox in the demo.
  LINE_PAY_API_URL: url.optional(),
  // Where the app-variant pages send the consumer (spec section 2); unset: the page says it is not set up.
  MB_APP_URL: url.optional(),
  MB_BRAND: z.string().min(1).max(64).optional(),
  PLACE_STATUS_URL: url.optional(),
  PLACE_STATUS_VERSION: z.string().min(1).max(64).optional(),
});

type DemoOnly = 'SEED_DEMO' | 'PAYMENT_SANDBOX' | 'PAYOUT_SANDBOX' | 'SMS_SANDBOX';
type ModeDefaulted = 'LINE_PAY_API_URL';
export type Config = Omit<z.infer<typeof configSchema>, DemoOnly | ModeDefaulted> &
  Record<DemoOnly, boolean> &
  Record<ModeDefaulted, string> & { publicUrl: string };

/** LINE Pay's API origins: the live one takes real money, the sandbox one only test payments. */
const linePayOrigins = { live: 'https://api-pay.line.me', sandbox: 'https://sandbox-api-pay.line.me' } as const;

/** Settings that only a demo may turn on, with what each would let in. */
const demoOnly: Record<DemoOnly, string> = {
  SEED_DEMO: 'demo merchants and accounts with a published password',
  PAYMENT_SANDBOX: 'the sandbox payment gateway, where anyone approves a payment without paying',
  PAYOUT_SANDBOX: 'the sandbox payout provider, which completes withdrawals without moving money',
  SMS_SANDBOX: 'the sandbox SMS provider, which writes one-time codes to the log instead of sending them',
};

export class ConfigError extends Error {}

/** Settings whose values are secrets: a refusal names them and their length, never their value. */
const secretSetting = /(SECRET|TOKEN|_KEY|PASSWORD)$/;

/** A refused setting's value as the error may show it: secrets withheld, a URL's password masked. */
function shownValue(name: string, value: string): string {
  if (secretSetting.test(name)) return `(withheld, ${value.length} characters)`;
  if (name.endsWith('_URL'))
    return JSON.stringify(value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/@:]*):[^/@]*@/i, '$1:***@'));
  return JSON.stringify(value);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '?');
      return `  ${name}=${shownValue(name, env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (config.OIDC_ISSUER && !(config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_CLIENT_ID / OIDC_CLIENT_SECRET: required when OIDC_ISSUER is set',
    );
  }
  if (config.MQTT_SHARED_GROUP && !config.MQTT_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  MQTT_SHARED_GROUP: only with MQTT_URL (the embedded broker has no shared subscriptions)',
    );
  }
  if (config.MQTT_PASSWORD_FILE && !config.MQTT_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  MQTT_PASSWORD_FILE: only with MQTT_URL (the embedded broker checks device secrets itself)',
    );
  }
  const twilioProblem = twilioSettingsProblem(config);
  if (twilioProblem) throw new ConfigError(`Invalid configuration:\n  ${twilioProblem}`);
  const demo = config.MODE === 'demo';
  if (!demo) {
    const refused = (Object.keys(demoOnly) as DemoOnly[]).filter((name) => config[name] === true);
    if (refused.length > 0) {
      const lines = refused.map((name) => `  ${name}=true: ${demoOnly[name]}; not with MODE=production`);
      throw new ConfigError(
        `Invalid configuration:\n${lines.join('\n')}\n  (unset it, or start the demo with MODE=demo: npm start)`,
      );
    }
  }
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  return {
    ...config,
    SEED_DEMO: demo && (config.SEED_DEMO ?? !config.DATABASE_URL),
    PAYMENT_SANDBOX: config.PAYMENT_SANDBOX ?? demo,
    PAYOUT_SANDBOX: config.PAYOUT_SANDBOX ?? demo,
    SMS_SANDBOX: config.SMS_SANDBOX ?? demo,
    LINE_PAY_API_URL: config.LINE_PAY_API_URL ?? (demo ? linePayOrigins.sandbox : linePayOrigins.live),
    publicUrl,
  };
}

const twilioCompanions = [
  'TWILIO_AUTH_TOKEN',
  'TWILIO_API_KEY_SID',
  'TWILIO_API_KEY_SECRET',
  'TWILIO_FROM',
  'TWILIO_MESSAGING_SERVICE_SID',
] as const;

/** The Twilio settings work only together: an account, one way to sign in, and a sender. */
function twilioSettingsProblem(config: z.infer<typeof configSchema>): string | null {
  const { TWILIO_ACCOUNT_SID: account, TWILIO_AUTH_TOKEN: token } = config;
  const { TWILIO_API_KEY_SID: keySid, TWILIO_API_KEY_SECRET: keySecret } = config;
  const sender = config.TWILIO_FROM ?? config.TWILIO_MESSAGING_SERVICE_SID;
  if (!account) {
    const stray = twilioCompanions.find((name) => config[name]);
    return stray ? `TWILIO_ACCOUNT_SID: required when ${stray} is set` : null;
  }
  if (Boolean(keySid) !== Boolean(keySecret)) {
    return keySid
      ? 'TWILIO_API_KEY_SECRET: required with TWILIO_API_KEY_SID'
      : 'TWILIO_API_KEY_SID: required with TWILIO_API_KEY_SECRET';
  }
  if (!token && !keySid)
    return 'TWILIO_AUTH_TOKEN: required with TWILIO_ACCOUNT_SID (or TWILIO_API_KEY_SID and its secret)';
  if (!sender) return 'TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID: required with TWILIO_ACCOUNT_SID';
  return null;
}
