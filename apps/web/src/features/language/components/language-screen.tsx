import { CheckOutlined } from '@ant-design/icons';
import { languages } from '@sbo/contracts/constants';
import { Card, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { currentLanguage, i18n, switchLanguage } from '../../../lib/i18n';
import { isLanguageCode } from '../../../lib/languages';
import { toast } from '../../../lib/messages';
import './language-screen.css';

const ordered = [...languages].sort((a, b) => a.order - b.order);

/** `/user/location`: the eight languages in the spec's order, each named in itself. */
export function LanguageScreen() {
  const { t } = useTranslation();
  const active = currentLanguage();
  // The radio follows the click at once; the texts of the new language may still be on their way.
  const [chosen, setChosen] = useState<string | null>(null);

  const choose = async (code: string) => {
    if (!isLanguageCode(code) || code === active) return;
    setChosen(code);
    try {
      await switchLanguage(code);
      toast.success(i18n.t('language.changed'));
    } catch {
      toast.error(i18n.t('error.network'));
    } finally {
      setChosen(null);
    }
  };

  return (
    <>
      <PageHeader title={t('screen.language')} description={t('language.description')} />
      <Card>
        <Radio.Group
          value={chosen ?? active}
          onChange={(event) => void choose(String(event.target.value))}
          className="language-options"
          aria-label={t('screen.language')}
        >
          {ordered.map((language) => (
            <Radio key={language.languageCode} value={language.languageCode} className="language-option">
              <span lang={language.languageCode} className="language-option-title">
                {language.title}
              </span>
              {language.languageCode === active ? (
                <CheckOutlined aria-hidden className="language-option-check" />
              ) : null}
            </Radio>
          ))}
        </Radio.Group>
      </Card>
    </>
  );
}
