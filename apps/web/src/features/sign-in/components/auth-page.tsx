import { ShopOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/ui/language-select';
import './auth-page.css';

/** The frame of the sign-in steps: brand, language, and one centred panel. */
export function AuthPage({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <header className="auth-page-header">
        <span className="brand">
          <ShopOutlined aria-hidden />
          <span className="brand-text">{t('app.brand')}</span>
        </span>
        <div className="auth-page-actions">
          <LanguageSelect className="auth-language-select" />
          {actions}
        </div>
      </header>
      <main className="auth-page-main">{children}</main>
    </div>
  );
}
