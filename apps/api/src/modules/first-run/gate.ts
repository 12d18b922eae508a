import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { catalogueEntry, ErrorCode } from '@sbo/contracts';
import { renderSetupNoticePage } from '@sbo/sso';
import type { Clock } from '../../lib/clock';
import { localeOf, SETUP_PATH, sendPage, setupRoutes } from './routes';
import { createFirstRunService } from './service';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    /**
     * The one-time link that creates the first root account, made when a production app starts on a
     * database without one (server.ts prints it; it never reaches the log); null otherwise.
     */
    setupLink: string | null;
  }
}

/** What answers while the back-office waits for its first root account: the probes and the set-up page. */
const OPEN_PATHS = new Set([SETUP_PATH, '/api/health', '/api/ready']);
const settingUp = catalogueEntry(ErrorCode.SETTING_UP)!.en;

type FirstRunOptions = {
  pool: pg.Pool;
  clock: Clock;
  publicUrl: string;
  localPassword: boolean;
  attemptsPerMinute: number;
};

/**
 * A production start on a database with no root account: makes a new set-up link (the earlier one
 * stops working), and until the first root exists only the set-up page and the health probes answer;
 * the api says 503 SETTING_UP, web pages say the back-office is being set up. Register it on the root
 * instance before any route.
 */
export async function registerFirstRun(app: FastifyInstance, options: FirstRunOptions): Promise<void> {
  const firstRun = createFirstRunService({ pool: options.pool, clock: options.clock });
  const token = await firstRun.issueToken();
  app.decorate('setupLink', token ? `${options.publicUrl}${SETUP_PATH}?token=${token}` : null);

  app.addHook('onRequest', async (request, reply) => {
    if (await firstRun.isSetUp()) return;
    const path = request.url.split('?')[0]!;
    if (OPEN_PATHS.has(path)) return;
    reply.header('retry-after', '60');
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.code(503).send({ code: ErrorCode.SETTING_UP, message: settingUp });
    }
    return sendPage(reply, 503, renderSetupNoticePage(localeOf(request), 'notice'));
  });
  await app.register(setupRoutes, {
    firstRun,
    localPassword: options.localPassword,
    attemptsPerMinute: options.attemptsPerMinute,
  });
}
