import type { BankAccount } from '@sbo/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colors = { verifying: 'processing', verified: 'success', verifyFailed: 'error' } as const;

export function VerificationTag({ verification }: { verification: BankAccount['verification'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={colors[verification]} data-testid="verification-tag">
      {t(`bankbook.verification.${verification}`)}
    </Tag>
  );
}
