import { ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The product's mark and name, heading the pages that stand outside the back office (sign-in, binding). */
export function BrandMark() {
  const { t } = useTranslation();
  return (
    <span className="brand">
      <ShopOutlined aria-hidden />
      <span className="brand-text">{t('app.brand')}</span>
    </span>
  );
}
