import type { Withdrawal } from '@sbo/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colors = { processing: 'processing', completed: 'success', failed: 'error' } as const;

export function WithdrawalStatusTag({ status }: { status: Withdrawal['status'] }) {
  const { t } = useTranslation();
  return <Tag color={colors[status]}>{t(`wallet.status.${status}`)}</Tag>;
}
