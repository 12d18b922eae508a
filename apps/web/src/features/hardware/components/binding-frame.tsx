import { ShopOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/ui/language-select';
import './binding.css';

/** The binding page stands outside the back-office chrome: brand, language, one centred column. */
export function BindingFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="binding-page">
      <header className="binding-page-header">
        <span className="brand">
          <ShopOutlined aria-hidden />
          <span className="brand-text">{t('app.brand')}</span>
        </span>
        <LanguageSelect className="binding-language" />
      </header>
      <main className="binding-page-main" id="main">
        {children}
      </main>
    </div>
  );
}
