import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** A place type (spec section 9) named in the current language. */
export function PlaceTypeTag({ type }: { type: number }) {
  const { t } = useTranslation();
  return <Tag color="blue">{t(`places.type.${type}`, { defaultValue: t('places.type.99') })}</Tag>;
}
