// The whole product as a user starts it (`npm start`: scripts/start.mjs) on its own ports and a fresh
// data folder, for the benches that measure it through a browser.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));

/**
 * Starts the product on `port` (PostgreSQL on port + 1, MQTT on port + 2, with `metrics` /metrics on port + 3)
 * with the demo seeded (`env`: more settings, such as WEB_DIST), and resolves once `/api/ready` answers: its address, its data folder (the embedded
 * PostgreSQL's password is in `postgres-password`), and `stop()` (SIGTERM, then the data folder goes).
 */
export async function startProduct({ port, name, metrics = false, env: extra = {} }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `sbo-${name}-`));
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(port + 1),
    MQTT_PORT: String(port + 2),
    LOG_LEVEL: 'warn',
    ...(metrics ? { METRICS_PORT: String(port + 3) } : {}),
    ...extra,
  };
  const product = spawn('node', ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = () => {
    if (product.exitCode === null) product.kill('SIGTERM');
    setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 3000).unref();
  };
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (product.exitCode !== null) {
      stop();
      throw new Error(`npm start exited with ${product.exitCode}`);
    }
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url: `http://localhost:${port}`, dataDir, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop();
  throw new Error('the product did not become ready within 4 minutes');
}
