import type { ThemeConfig } from 'antd';

/**
 * Colours of the back-office and of the two white-label app variants whose
 * checkout pages we serve (spec section 2: "theme colours exist for FN and MB").
 * The spec names the variants but not their colours; these are our choice,
 * each checked for 4.5:1 contrast of white text on the primary colour.
 */
export const backOfficeTheme: ThemeConfig = {
  zeroRuntime: true,
  token: {
    colorPrimary: '#1f5fbf',
    colorInfo: '#1f5fbf',
    colorLink: '#1f5fbf',
    // WCAG AA: every text at least 4.5:1 on white and on the page's grey (#f5f5f5). antd's own
    // descriptions, labels and subtitles (45% black) reach 3.3:1 and its placeholders (25%) 1.8:1.
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    // Danger buttons' text on white, and white on primary danger buttons: 5.5:1 (antd's #ff4d4f: 3.3:1).
    colorError: '#cf1322',
    // Status texts (form errors, Typography's success/warning/danger) a shade darker than the icons.
    colorSuccessText: '#237804',
    colorWarningText: '#874d00',
    colorErrorText: '#a8071a',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'Noto Sans', 'Noto Sans Thai', 'Noto Sans CJK TC', 'PingFang TC', 'Microsoft JhengHei', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerPadding: '0 24px', headerHeight: 60 },
    Menu: { itemBorderRadius: 6 },
  },
};

export type AppVariant = 'custom' | 'fn' | 'mb';

const variantPrimary: Record<AppVariant, string> = {
  custom: '#1f5fbf',
  fn: '#00786f',
  mb: '#c2410c',
};

export function variantTheme(variant: AppVariant): ThemeConfig {
  const colorPrimary = variantPrimary[variant];
  return {
    ...backOfficeTheme,
    token: { ...backOfficeTheme.token, colorPrimary, colorInfo: colorPrimary, colorLink: colorPrimary },
  };
}
