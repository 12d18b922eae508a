import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import './app/global.css';
import './app/layout.css';
import { initI18n } from './lib/i18n';
import { startMerchantClock } from './lib/merchant-clock';

// Date pickers count days on the merchant's clock, not the browser's.
startMerchantClock();

// Texts arrive before the first paint, so no screen ever flashes translation keys.
await initI18n();

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');
const root = createRoot(container);
// A transition renders in slices that give the main thread back between them, so a phone's first
// render of a whole screen is no single long task the page cannot answer input during.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppRoot />
    </StrictMode>,
  );
});
