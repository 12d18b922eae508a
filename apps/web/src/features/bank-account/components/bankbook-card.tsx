import type { BankAccount } from '@sbo/contracts';
import { Button, Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VerificationTag } from './verification-tag';

type BankbookCardProps = {
  account: BankAccount;
  canManage: boolean;
  onSetDefault: (account: BankAccount) => void;
};

/** One account in the list: bank, number, holder, its verification and whether withdrawals go there. */
export function BankbookCard({ account, canManage, onSetDefault }: BankbookCardProps) {
  const { t } = useTranslation();
  return (
    <Card size="small" className="bankbook-card" data-testid="bankbook-card">
      <div className="bankbook-card-head">
        <Link to={String(account.id)} relative="path" className="bankbook-card-title">
          {account.bankName}
          {account.branch ? <span className="bankbook-card-branch"> · {account.branch}</span> : null}
        </Link>
        <span className="bankbook-card-tags">
          {account.isDefault ? <Tag color="blue">{t('bankbook.default')}</Tag> : null}
          <VerificationTag verification={account.verification} />
        </span>
      </div>
      <div className="bankbook-card-number">
        <span className="bankbook-muted">{account.bankCode}</span> {account.accountNumber}
      </div>
      <div className="bankbook-muted">{account.holder}</div>
      {account.verification === 'verifyFailed' && account.verificationNote ? (
        <div className="bankbook-failed-note">{account.verificationNote}</div>
      ) : null}
      {canManage && !account.isDefault ? (
        <Button size="small" className="bankbook-card-action" onClick={() => onSetDefault(account)}>
          {t('bankbook.setDefault')}
        </Button>
      ) : null}
    </Card>
  );
}
