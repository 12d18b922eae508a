import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { newestChange } from '../../apps/api/scripts/build.mjs';
import { freePort } from '../../apps/api/test/helpers/free-port';
import type { Product } from './worker-product';

const root = fileURLToPath(new URL('../../', import.meta.url));

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting needs an interface
  export interface ProvidedContext {
    /** One product per worker (`workerProduct()` in support/worker-product.ts picks a worker's). */
    products: Product[];
  }
}

/**
 * Resolves once the product at `baseUrl` serves the web app; fails when `product` exits (when given)
 * or after 3 minutes, with what it logged.
 */
export async function waitForProduct(
  baseUrl: string,
  product: ChildProcess | undefined,
  log: () => string,
): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (product && product.exitCode !== null) throw new Error(`the product exited (${product.exitCode}):\n${log()}`);
    // Node's fetch may try ::1 for "localhost" while the product listens on IPv4.
    // Asking for a page (text/html) proves the web app is served, not just the API: at 127.0.0.1 the
    // answer is the redirect to the same page at PUBLIC_URL (localhost), which only the web app sends.
    const ready = await fetch(`${baseUrl.replace('localhost', '127.0.0.1')}/user-login`, {
      headers: { Accept: 'text/html' },
      redirect: 'manual',
    }).then(
      (response) => response.headers.get('location') === `${baseUrl}/user-login`,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the product did not start within 3 minutes:\n${log()}`);
}

/** What the web build is made from: the web app's own files and the shared contracts it imports. */
const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/consumer.html',
  'apps/web/vite.config.ts',
  'apps/web/antd-styles.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
];

/**
 * Whether the web app needs building: not when the run's caller has just built it (`npm test` builds
 * before Vitest and says so with E2E_WEB_BUILT=1), nor when apps/web/dist is newer than every source file.
 */
function webBuildNeeded(): boolean {
  if (process.env.E2E_WEB_BUILT === '1') return false;
  const built = `${root}apps/web/dist/index.html`;
  if (!existsSync(built)) return true;
  return newestChange(webSources.map((source) => `${root}${source}`)) >= statSync(built).mtimeMs;
}

/**
 * How many products the run starts: one per worker (E2E_PRODUCTS=N to choose), but one when a single
 * journey file is named on the command line.
 */
function productCount(project: TestProject): number {
  const named = process.argv.filter((argument) => argument.endsWith('.test.ts')).length;
  if (named === 1) return 1;
  const workers = Number(process.env.E2E_PRODUCTS ?? project.vitest.config.maxWorkers);
  return Number.isInteger(workers) && workers > 0 ? workers : 1;
}

/**
 * Builds the web app from the current source when it is not built already, starts one product per
 * worker the way a user does (`npm start`), each on free ports with a fresh data directory (so the demo
 * merchants are seeded), and stops them after the run.
 */
export default async function startProducts(project: TestProject) {
  if (webBuildNeeded()) {
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: `${root}apps/web`,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('the web build failed');
  }
  const count = productCount(project);
  // Held products (see `heldUntil`): the first starts now, the others once the file appears.
  const gate = heldUntil();
  const started = await Promise.allSettled(
    Array.from({ length: count }, (_, index) => startProduct(index > 0 && gate ? gate : undefined)),
  );
  const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = () => Promise.all(running.map((product) => product.stop())).then(() => undefined);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'products',
    running.map((product) => product.info),
  );
  return stopAll;
}

/**
 * E2E_HOLD_UNTIL=<file>: the workers after the first hold their first journey, and their products
 * stay unstarted, until that file exists. `npm test` sets it while the other projects run beside the
 * journeys (both cores are busy then) and writes the file when they end, so the journeys go on two
 * at a time from there (support/held-worker.ts holds the worker; docs/testing.md).
 */
export function heldUntil(): string | undefined {
  return process.env.E2E_HOLD_UNTIL || undefined;
}

/**
 * One product, started as `npm start` starts it, with what it answers when ready and how to stop it.
 * With `holdUntil`, its ports and folders are chosen now and it starts once that file exists.
 */
async function startProduct(holdUntil?: string): Promise<{ info: Product; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(`${tmpdir()}/sbo-e2e-`);
  // Outside the data directory: journeys read what the product logged (a sandbox SMS code) from here.
  const logDir = mkdtempSync(`${tmpdir()}/sbo-e2e-log-`);
  const productLog = `${logDir}/product.log`;
  writeFileSync(productLog, '');
  // Every port is picked here: products started at the same moment never race for one.
  const [port, databasePort, brokerPort] = [await freePort(), await freePort(), await freePort()];
  const baseUrl = `http://localhost:${port}`;
  let output = '';
  let product: ChildProcess | undefined;
  const launch = (): ChildProcess => {
    const child = spawn('npm', ['start'], {
      cwd: root,
      detached: true,
      env: {
        ...process.env,
        // The demo, as \`npm start\` runs it (Vitest sets MODE=test in its own environment).
        MODE: 'demo',
        PORT: String(port),
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(databasePort),
        MQTT_PORT: String(brokerPort),
        // info: the built-in sandbox SMS provider logs its codes at info, and the virtual-card journey reads them.
        LOG_LEVEL: 'info',
        // Every journey signs in from this one address, several times a minute.
        RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
        RATE_LIMIT_CHECKOUT_PER_MINUTE: '1000',
        // Paid starts succeed, except at the demo's machine with a faulty payment board (Dryer 3).
        DEMO_PAID_FAILURE_RATE: '0',
        // Most sales at machines with a card reader are card taps, so a journey sees a demo card charged soon.
        DEMO_CARD_SHARE: '0.8',
        // Machines get a happy hour's prices within seconds (the promotions journey waits for them).
        PROMOTION_PRICING_SECONDS: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const record = (chunk: Buffer) => {
      output += chunk.toString();
      appendFileSync(productLog, chunk);
    };
    child.stdout?.on('data', record);
    child.stderr?.on('data', record);
    product = child;
    return child;
  };

  const groupAlive = () => {
    if (!product?.pid) return false;
    try {
      process.kill(-product.pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  let held: NodeJS.Timeout | undefined;
  // Stop it as Ctrl-C in a terminal does: SIGINT to the whole group. npm does not pass
  // SIGTERM on, and SIGINT is PostgreSQL's fast (yet clean) shutdown.
  const stop = async () => {
    clearInterval(held);
    if (product?.pid && groupAlive()) {
      process.kill(-product.pid, 'SIGINT');
      for (let waited = 0; waited < 8_000 && groupAlive(); waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (groupAlive()) process.kill(-product.pid, 'SIGKILL');
    }
    product?.stdout?.destroy();
    product?.stderr?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(logDir, { recursive: true, force: true });
  };
  const info = { baseUrl, productLog, mqttUrl: `mqtt://127.0.0.1:${brokerPort}` };

  if (holdUntil) {
    // Its worker waits for it to answer (support/held-worker.ts).
    held = setInterval(() => {
      if (!existsSync(holdUntil)) return;
      clearInterval(held);
      launch();
    }, 1_000);
    return { info, stop };
  }
  try {
    await waitForProduct(baseUrl, launch(), () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { info, stop };
}
