import type https from 'node:https';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { SessionCache } from '../auth/session-cache';
import type { TokenService } from '../auth/token-service';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { CommandBus } from '../machines/command-bus';
import type { CommandRunner } from '../machines/command-runner';
import type { LiveHub } from '../plugins/live-updates';
import type { SmsProvider } from '../sms/sms-provider';
import type { AnswerCache } from './answer-cache';
import type { BackgroundLane } from './foreground';
import type { Clock } from './clock';
import { createScheduler, type ScheduledJob } from './scheduler';

/**
 * What one module gives the others: each module that provides something adds it here from its own
 * index.ts (`declare module '../../lib/module' { interface ModuleServices { … } }`), so a module that
 * needs it asks `need('name')` and gets it typed, without knowing how it is built.
 */
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type -- modules augment it
export interface ModuleServices {}

/** What every module is given: the app's settings, database, clock and the platform's shared parts. */
export type ModuleContext = {
  /** The root instance: a module decorates it or registers a root plugin (sign-in pages, gates). */
  app: FastifyInstance;
  config: Config;
  pool: pg.Pool;
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  sessions: SessionCache;
  tokens: TokenService;
  /** Hot answers kept in memory; a merchant's write forgets them. */
  answers: AnswerCache;
  /** The lane long work shares, giving way to the requests in flight (lib/foreground.ts). */
  background: BackgroundLane;
  /** Device state changes for the event streams. */
  live: LiveHub;
  runCommand: CommandRunner;
  /** The device link when the gateway runs (server.ts starts it). */
  gateway?: { sendCommand: CommandBus['send'] };
  /** Where one-time codes are sent, when the caller chose (tests); otherwise the configured provider. */
  sms?: SmsProvider;
  /** The TLS agent Web Push uses, when the caller chose one (tests). */
  webPushAgent?: https.Agent;
  /** A service an earlier module in the list provides; throws naming it when none did. */
  need<K extends keyof ModuleServices>(name: K): ModuleServices[K];
};

/** What a module adds to the app; every part is optional. */
export type ModuleParts = {
  /** Services other modules `need` (each name provided once). */
  provides?: Partial<ModuleServices>;
  /** Registers the module's routes under /api/v1 (request context, access control and rate limits apply). */
  routes?: (v1: FastifyInstance) => Promise<void>;
  /** Registers routes under /api itself, outside /api/v1 (health). */
  apiRoutes?: (api: FastifyInstance) => Promise<void>;
  /** Background work, run by the app's one scheduler while the app is up. */
  jobs?: ScheduledJob[];
  /** Before the server closes: open event streams end so closing does not wait for them. */
  preClose?: () => void;
  /** When the app closes, once the jobs have stopped: work under way finishes, connections close. */
  onClose?: () => Promise<unknown>;
};

export type ModuleDefinition = {
  name: string;
  /** Builds the module's services from the context; runs once per app, in the list's order. */
  setup(context: ModuleContext): ModuleParts | Promise<ModuleParts>;
};

/** A module's definition, typed (its index.ts exports one). */
export function defineModule(definition: ModuleDefinition): ModuleDefinition {
  return definition;
}

/**
 * Sets the modules up in order, then runs their jobs and hooks: what app.ts does with its module list.
 * Answers the route registrations, which the app calls inside its /api and /api/v1 scopes.
 */
export async function setUpModules(
  base: Omit<ModuleContext, 'need'>,
  modules: readonly ModuleDefinition[],
): Promise<{ apiRoutes(api: FastifyInstance): Promise<void>; routes(v1: FastifyInstance): Promise<void> }> {
  const services: Partial<ModuleServices> = {};
  const providers = new Map<string, string>();
  const context: ModuleContext = {
    ...base,
    need(name) {
      const service = services[name];
      if (service === undefined) throw new Error(`no module before this one provides "${String(name)}"`);
      return service as ModuleServices[typeof name];
    },
  };
  const parts: ModuleParts[] = [];
  for (const module of modules) {
    const part = await module.setup(context);
    for (const [name, service] of Object.entries(part.provides ?? {})) {
      const earlier = providers.get(name);
      if (earlier) throw new Error(`"${name}" is provided by both ${earlier} and ${module.name}`);
      providers.set(name, module.name);
      Object.assign(services, { [name]: service });
    }
    parts.push(part);
  }

  const scheduler = createScheduler(base.log);
  for (const part of parts) scheduler.add(...(part.jobs ?? []));
  scheduler.start();
  base.app.addHook('preClose', (done) => {
    for (const part of parts) part.preClose?.();
    done();
  });
  base.app.addHook('onClose', async () => {
    await scheduler.stop();
    for (const part of parts) await part.onClose?.();
  });

  return {
    async apiRoutes(api) {
      for (const part of parts) await part.apiRoutes?.(api);
    },
    async routes(v1) {
      for (const part of parts) await part.routes?.(v1);
    },
  };
}
