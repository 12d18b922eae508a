import type { ReactNode } from 'react';
import { BrandMark } from '../../../components/ui/brand-mark';
import { LanguageSelect } from '../../../components/ui/language-select';
import './auth-page.css';

/** The frame of the sign-in steps: brand, language, and one centred panel. */
export function AuthPage({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="auth-page">
      <header className="auth-page-header">
        <BrandMark />
        <div className="auth-page-actions">
          <LanguageSelect className="auth-language-select" />
          {actions}
        </div>
      </header>
      <main className="auth-page-main">{children}</main>
    </div>
  );
}
