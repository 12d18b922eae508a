import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import './app/global.css';
import './app/layout.css';
import { initI18n } from './lib/i18n';

// Texts arrive before the first paint, so no screen ever flashes translation keys.
await initI18n();

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');
createRoot(container).render(
  <StrictMode>
    <AppRoot />
  </StrictMode>,
);
