import { theme } from 'antd';
import { useLayoutEffect } from 'react';

type GlobalToken = ReturnType<typeof theme.useToken>['token'];

/**
 * antd scopes its CSS variables to its own components; the shell's plain
 * elements (sign-in panels, merchant cards, status panels) read the same
 * colours through these `--app-*` variables instead.
 */
export function themeVariables(token: GlobalToken): Record<string, string> {
  return {
    '--app-font-family': token.fontFamily,
    '--app-color-primary': token.colorPrimary,
    '--app-color-primary-hover': token.colorPrimaryHover,
    '--app-color-text': token.colorText,
    '--app-color-text-secondary': token.colorTextSecondary,
    '--app-color-text-disabled': token.colorTextDisabled,
    '--app-color-border': token.colorBorder,
    '--app-color-border-secondary': token.colorBorderSecondary,
    '--app-color-bg-container': token.colorBgContainer,
    '--app-color-bg-disabled': token.colorBgContainerDisabled,
    '--app-color-bg-layout': token.colorBgLayout,
    '--app-color-fill': token.colorFillTertiary,
    '--app-color-success': token.colorSuccess,
    '--app-color-warning': token.colorWarning,
    '--app-color-error': token.colorError,
  };
}

/** Puts the current theme's variables on the document, so the page itself follows the theme. */
export function useDocumentThemeVariables(): void {
  const { token } = theme.useToken();
  useLayoutEffect(() => {
    const style = document.documentElement.style;
    Object.entries(themeVariables(token)).forEach(([name, value]) => style.setProperty(name, value));
  }, [token]);
}
