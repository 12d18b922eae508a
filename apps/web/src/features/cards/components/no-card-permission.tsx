import { useTranslation } from 'react-i18next';
import { StatusPanel } from '../../../components/ui/status-panel';

/** What a member without `vipCard.read` sees instead of cards they may not read. */
export function NoCardPermission() {
  const { t } = useTranslation();
  return <StatusPanel level={2} status="warning" title={t('cards.noPermission')} />;
}
