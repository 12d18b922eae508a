import type { ReactNode } from 'react';
import { BrandMark } from '../../../components/ui/brand-mark';
import { LanguageSelect } from '../../../components/ui/language-select';
import './binding.css';

/** The binding page stands outside the back-office chrome: brand, language, one centred column. */
export function BindingFrame({ children }: { children: ReactNode }) {
  return (
    <div className="binding-page">
      <header className="binding-page-header">
        <BrandMark />
        <LanguageSelect className="binding-language" />
      </header>
      <main className="binding-page-main" id="main">
        {children}
      </main>
    </div>
  );
}
