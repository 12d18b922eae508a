import { languages } from '@sbo/contracts/constants';
import { useTranslation } from 'react-i18next';
import { currentLanguage, switchLanguage } from '../../lib/i18n';
import { isLanguageCode } from '../../lib/languages';
import { toast } from '../../lib/messages';

/**
 * The language picker of headers. A native select: keyboard and screen readers
 * know it, phones show their own picker, and it costs the first screen nothing.
 * Each language is named in itself.
 */
export function LanguageSelect({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const value = isLanguageCode(i18n.language) ? i18n.language : currentLanguage();
  return (
    <select
      className={`language-select ${className}`}
      aria-label={t('header.language')}
      value={value}
      onChange={(event) => {
        // The select stays on the current language until the new one's texts have arrived.
        if (isLanguageCode(event.target.value))
          switchLanguage(event.target.value).catch(() => toast.error(t('error.network')));
      }}
      data-testid="language-select"
    >
      {languages.map((language) => (
        <option key={language.languageCode} value={language.languageCode} lang={language.languageCode}>
          {language.title}
        </option>
      ))}
    </select>
  );
}
