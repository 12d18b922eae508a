// antd's component styles, built ahead: the theme sets zeroRuntime, so no component's style is worked out
// in the browser (only the theme's CSS variables are). Imported first so the app's own styles come after.
import 'antd/dist/antd.css';
import './app/global.css';
import './app/layout.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { currentLanguage, initI18n } from './lib/i18n';
import { localeDataSteps } from './lib/locale-data';
import { startMerchantClock } from './lib/merchant-clock';
import { nextTask } from './lib/next-task';

// Date pickers count days on the merchant's clock, not the browser's.
startMerchantClock();

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

// Start-up in steps, each in a task of its own, so a phone's main thread answers between them: the app's
// code (antd, the router, the screens' table) downloads while the texts load and is evaluated on its own.
// Texts arrive before the first paint, so no screen ever flashes translation keys.
const texts = initI18n();
await nextTask();
const app = import('./app/app-root');
await texts;
await nextTask();
// The browser's locale data loads with the page's first Intl object: 23-54 ms of one task on a desktop
// core, several times that on a phone. Loaded here in steps, each a task of its own and none inside the
// first screen's commit: the locale's subtags, the number formats' locales, then the date data (the API
// client reads the browser's time zone for its first call). lib/locale-data.ts says what each step loads.
for (const step of localeDataSteps(currentLanguage())) {
  step();
  await nextTask();
}
// Every screen starts at the top (app/layouts/root-layout.tsx), a reload's too.
history.scrollRestoration = 'manual';
await nextTask();
const root = createRoot(container);
const { AppRoot, createAppRouter } = await app;
await nextTask();
// Made once the language is known: the first screen's route loads that language's texts.
const router = createAppRouter();
await nextTask();
// A transition renders in slices that give the main thread back between them, so a phone's first
// render of a whole screen is no single long task the page cannot answer input during.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppRoot router={router} />
    </StrictMode>,
  );
});
