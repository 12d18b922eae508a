import { ConfigProvider, theme } from 'antd';
import type { CSSProperties } from 'react';
import { Outlet } from 'react-router';
import { LanguageSelect } from '../../components/ui/language-select';
import { themeVariables } from '../../components/ui/theme-variables';
import { variantTheme, type AppVariant } from '../theme';
import './checkout-layout.css';

function VariantPage({ variant }: { variant: AppVariant }) {
  const { token } = theme.useToken();
  // Custom properties are valid inline styles; React's CSSProperties type just does not list them.
  const style = themeVariables(token) as CSSProperties;
  return (
    <div className={`checkout-page checkout-${variant}`} data-variant={variant} style={style}>
      <header className="checkout-bar">
        <LanguageSelect className="checkout-language" />
      </header>
      <main className="checkout-content" id="main-content">
        <Outlet />
      </main>
    </div>
  );
}

/** Public checkout pages, in the colours of the app variant that opened them, with a language switch. */
export function CheckoutLayout({ variant }: { variant: AppVariant }) {
  return (
    <ConfigProvider theme={variantTheme(variant)}>
      <VariantPage variant={variant} />
    </ConfigProvider>
  );
}
