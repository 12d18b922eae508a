import { ConfigProvider, theme } from 'antd';
import type { CSSProperties } from 'react';
import { Outlet } from 'react-router';
import { themeVariables } from '../../components/ui/theme-variables';
import { variantTheme, type AppVariant } from '../theme';

function VariantPage({ variant }: { variant: AppVariant }) {
  const { token } = theme.useToken();
  // Custom properties are valid inline styles; React's CSSProperties type just does not list them.
  const style = themeVariables(token) as CSSProperties;
  return (
    <main className={`checkout-content checkout-${variant}`} id="main-content" data-variant={variant} style={style}>
      <Outlet />
    </main>
  );
}

/** Public checkout pages, in the colours of the app variant that opened them. */
export function CheckoutLayout({ variant }: { variant: AppVariant }) {
  return (
    <ConfigProvider theme={variantTheme(variant)}>
      <VariantPage variant={variant} />
    </ConfigProvider>
  );
}
