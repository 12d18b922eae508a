import { z } from 'zod';

const client = z.object({
  client_id: z.string().min(1),
  client_secret: z.string().min(16, 'client_secret must be at least 16 characters'),
  redirect_uris: z.array(z.url()).min(1),
});

const seedAccount = z.object({
  email: z.email(),
  password: z.string().min(8),
  name: z.string().min(1),
  locale: z.string().optional(),
});

/** Parses a variable holding JSON, so a syntax error is reported like any other bad value. */
const json = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'must be valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const environment = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(8090),
  HOST: z.string().min(1).default('0.0.0.0'),
  SSO_ISSUER: z.url().optional(),
  DATABASE_URL: z.url({
    protocol: /^postgres(ql)?$/,
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be a postgres:// URL'),
  }),
  SSO_CLIENTS: json(z.array(client).min(1)).optional(),
  SSO_CLIENT_ID: z.string().min(1).optional(),
  SSO_CLIENT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  SSO_REDIRECT_URIS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((uri) => uri.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url()).min(1))
    .optional(),
  SSO_SEED_ACCOUNTS: json(z.array(seedAccount)).optional(),
  SSO_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  SSO_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  TRUST_PROXY: flag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type SsoServerConfig = {
  port: number;
  host: string;
  issuer: string;
  databaseUrl: string;
  clients: Array<z.infer<typeof client>>;
  seedAccounts: Array<z.infer<typeof seedAccount>>;
  rateLimit: { max: number; timeWindowMs: number };
  trustProxy: boolean;
  logLevel: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; the error names every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): SsoServerConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environment.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid sign-in service configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const single =
    values.SSO_CLIENT_ID && values.SSO_CLIENT_SECRET && values.SSO_REDIRECT_URIS
      ? [
          {
            client_id: values.SSO_CLIENT_ID,
            client_secret: values.SSO_CLIENT_SECRET,
            redirect_uris: values.SSO_REDIRECT_URIS,
          },
        ]
      : undefined;
  const clients = values.SSO_CLIENTS ?? single;
  if (!clients) {
    throw new ConfigError(
      'Invalid sign-in service configuration:\n  SSO_CLIENTS: set it (a JSON array of clients), or set SSO_CLIENT_ID, SSO_CLIENT_SECRET and SSO_REDIRECT_URIS',
    );
  }
  return {
    port: values.PORT,
    host: values.HOST,
    issuer: (values.SSO_ISSUER ?? `http://localhost:${values.PORT}/sso`).replace(/\/+$/, ''),
    databaseUrl: values.DATABASE_URL,
    clients,
    seedAccounts: values.SSO_SEED_ACCOUNTS ?? [],
    rateLimit: { max: values.SSO_RATE_LIMIT_MAX, timeWindowMs: values.SSO_RATE_LIMIT_WINDOW_MS },
    trustProxy: values.TRUST_PROXY,
    logLevel: values.LOG_LEVEL,
  };
}
