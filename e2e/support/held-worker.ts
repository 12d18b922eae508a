import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { heldUntil, waitForProduct } from './product';
import { workerProduct } from './worker-product';

// E2E_HOLD_UNTIL (support/product.ts): a worker after the first holds its first journey until that
// file exists, then until its product, started at that moment, serves the web app. Later files of the
// worker find both at once. The wait is noted in <file>.held (the file's path and the seconds held), so
// the run's file times (scripts/file-times-reporter.ts) leave it out of that file's time.
const gate = heldUntil();
if (gate && Number(process.env.VITEST_POOL_ID ?? '1') > 1 && !existsSync(gate)) {
  const begun = Date.now();
  while (!existsSync(gate)) await new Promise((resolve) => setTimeout(resolve, 1_000));
  const { baseUrl, productLog } = workerProduct();
  await waitForProduct(baseUrl, undefined, () => readFileSync(productLog, 'utf8'));
  const file = (globalThis as { __vitest_worker__?: { filepath?: string } }).__vitest_worker__?.filepath;
  if (file) appendFileSync(`${gate}.held`, `${file}\t${Date.now() - begun}\n`);
}
