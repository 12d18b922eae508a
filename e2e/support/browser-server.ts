import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting needs an interface
  export interface ProvidedContext {
    /** The run's one Chromium, which every journey file connects to (`launchBrowser`). */
    browserEndpoint: string;
    /** Where the run keeps each demo account's saved session (`restoreSession`), one file per account. */
    sessionDir: string;
  }
}

/**
 * Debian's headless shell (package chromium-headless-shell: the same Blink, without the desktop browser
 * around it), which `npm test` installs; Debian's full Chromium when only that is installed. Measured
 * here, signed in on the dashboard: a page load 0.56 against 0.77 CPU-s, an idle page 0.16 against
 * 0.36 CPU-s in 30 s (docs/testing.md).
 */
export const chromiumPath =
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ?? '/usr/bin/chromium';

/** The flags Chromium runs with here (headless, no sandbox as root, nothing that calls home). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Chromium 15x opens the address bar's popup as a web page of its own (a renderer process) in every
  // browser window, headless too: a second of CPU per context that no journey looks at. Chromium
  // takes only the last --disable-features, so Playwright's own list is repeated here.
  `--disable-features=${[
    'WebUIOmniboxPopup',
    'WebUIOmniboxAimPopup',
    'WebUIOmniboxFullPopup',
    // Playwright's (playwright-core's chromiumSwitches).
    'AvoidUnnecessaryBeforeUnloadCheckSync',
    'DestroyProfileOnBrowserClose',
    'HttpsUpgrades',
    'HttpsFirstBalancedModeAutoEnable',
    'LensOverlay',
    'MediaRouter',
    'PaintHolding',
    'ThirdPartyStoragePartitioning',
    'AvoidCorsURLLoaderRestartOnRedirect',
    'OptimizationHints',
    'NetworkTimeServiceQuerying',
    'AimEnabled',
    'PreconnectToSearch',
  ].join(',')}`,
];

/**
 * Launches Chromium once for the whole run (a launch costs seconds of CPU on a small machine) and a
 * folder for the saved sessions; each journey file connects to it and works in contexts of its own.
 */
export default async function startBrowser(project: TestProject) {
  const server = await chromium.launchServer({ executablePath: chromiumPath, args: chromiumArgs });
  const sessionDir = mkdtempSync(`${tmpdir()}/sbo-e2e-sessions-`);
  project.provide('browserEndpoint', server.wsEndpoint());
  project.provide('sessionDir', sessionDir);
  return async () => {
    await server.close();
    rmSync(sessionDir, { recursive: true, force: true });
  };
}
