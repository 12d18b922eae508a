import { chromium } from 'playwright-core';
import { readFileSync, readdirSync } from 'node:fs';
import { startProduct } from './bench/lib/product.mjs';
function chromeCpu(browserPid) {
  // all processes whose ancestor chain includes browserPid
  const parent = new Map(), cpu = new Map();
  for (const pid of readdirSync('/proc')) { if (!/^\d+$/.test(pid)) continue; try { const st = readFileSync(`/proc/${pid}/stat`, 'utf8'); const f = st.slice(st.lastIndexOf(')') + 2).split(' '); parent.set(+pid, +f[1]); cpu.set(+pid, (+f[11] + +f[12]) / 100); } catch {} }
  let t = 0; for (const [pid, c] of cpu) { let p = pid, d = 0; while (p > 1 && d < 10) { if (p === browserPid) { t += c; break; } p = parent.get(p); d++; } }
  return t;
}
const base0 = ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'];
const feats = 'WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup,AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning,AvoidCorsURLLoaderRestartOnRedirect,OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch';
const configs = {
  base: [...base0, `--disable-features=${feats}`],
  noopt: [...base0, `--disable-features=${feats}`, '--js-flags=--max-opt=1'],
  sparkonly: [...base0, `--disable-features=${feats}`, '--js-flags=--no-opt --no-maglev'],
  raster1: [...base0, `--disable-features=${feats}`, '--num-raster-threads=1', '--disable-smooth-scrolling'],
  noisolation: [...base0, `--disable-features=${feats},IsolateOrigins,site-per-process`, '--disable-site-isolation-trials'],
};
const product = await startProduct({ port: 18900, name: 'flags' });
const base = product.url;
const pick = (process.argv[2] ?? Object.keys(configs).join(',')).split(',');
let state;
async function scenario(browser) {
  for (let i = 0; i < 3; i++) {
    const c = await browser.newContext({ baseURL: base, locale: 'en-US', reducedMotion: 'reduce', storageState: state, viewport: { width: 1280, height: 800 } });
    const p = await c.newPage();
    await p.goto('/dashboard'); await p.getByTestId('recent-transactions').waitFor();
    await p.goto('/device'); await p.locator('.ant-table-row').first().waitFor();
    await p.locator('input').first().fill('Washer'); 
    await p.goto('/dashboard/transaction-record?range=threeMonths'); await p.locator('.ant-table-row').first().waitFor();
    await p.locator('.ant-table-row').first().locator('a').first().click().catch(() => {});
    await p.waitForTimeout(3000);
    await p.screenshot({ animations: 'disabled' });
    await c.close();
  }
}
const results = Object.fromEntries(pick.map((k) => [k, []]));
for (let round = 0; round < 3; round++) for (const k of pick) {
  const server = await chromium.launchServer({ executablePath: '/usr/bin/chromium-headless-shell', args: configs[k] });
  const browser = await chromium.connect(server.wsEndpoint());
  const pid = server.process().pid;
  if (!state) {
    const c0 = await browser.newContext({ baseURL: base, locale: 'en-US' }); const p0 = await c0.newPage();
    await p0.goto('/merchant-login'); await p0.locator('input[name=email]').fill('demo@example.com'); await p0.locator('input[name=password]').fill('demo1234'); await p0.locator('button[type=submit]').click();
    await p0.waitForURL(/\/merchant-login/); await p0.getByTestId('merchant-card').filter({ hasText: 'Sunny' }).click(); await p0.getByTestId('header-merchant').waitFor();
    state = await c0.storageState(); state.cookies = []; await c0.close();
  }
  const t0 = chromeCpu(pid); const w0 = Date.now();
  await scenario(browser);
  results[k].push(chromeCpu(pid) - t0);
  console.log(k, (chromeCpu(pid) - t0).toFixed(1), 'CPU-s', ((Date.now() - w0) / 1000).toFixed(1), 's');
  await browser.close(); await server.close();
}
for (const [k, v] of Object.entries(results)) console.log(k.padEnd(12), v.map((x) => x.toFixed(1)).join(' '), 'median', v.sort((a, b) => a - b)[1].toFixed(1));
product.stop(); process.exit(0);
