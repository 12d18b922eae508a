import type { BankAccount } from '@sbo/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { verificationColors } from '../../../components/ui/verification-colors';

export function VerificationTag({ verification }: { verification: BankAccount['verification'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={verificationColors[verification]} data-testid="verification-tag">
      {t(`bankbook.verification.${verification}`)}
    </Tag>
  );
}
