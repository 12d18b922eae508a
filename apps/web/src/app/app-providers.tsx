import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MessageHostSlot } from '../components/ui/message-host-slot';
import { useDocumentThemeVariables } from '../components/ui/theme-variables';
import { useMediaQuery } from '../components/ui/use-media-query';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { getAntdLocale, subscribeToUiLocale } from '../lib/ui-locale';
import { backOfficeTheme } from './theme';

function DocumentTheme() {
  useDocumentThemeVariables();
  return null;
}

/** Everything a screen relies on: server state, texts, antd theme and locale, messages. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const antdLocale = useSyncExternalStore(subscribeToUiLocale, getAntdLocale);
  // Dialogs, drawers and menus appear without motion for people who ask their system for less.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const theme = useMemo(
    () =>
      reducedMotion ? { ...backOfficeTheme, token: { ...backOfficeTheme.token, motion: false } } : backOfficeTheme,
    [reducedMotion],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        {/* Chinese button labels keep their natural spacing ("登入", not "登 入"). */}
        <ConfigProvider theme={theme} locale={antdLocale} button={{ autoInsertSpace: false }}>
          <DocumentTheme />
          <MessageHostSlot />
          {children}
        </ConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
