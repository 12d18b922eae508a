import { useTranslation } from 'react-i18next';
import { StatusPanel } from '../status-panel';

/** What a member without the transaction permission sees instead of figures they may not read. */
export function NoSalesPermission() {
  const { t } = useTranslation();
  return <StatusPanel level={2} status="warning" title={t('sales.noPermission')} />;
}
