import type { WalletSummary } from '@sbo/contracts';
import { Button, Card, Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { verificationColors } from '../../../components/ui/verification-colors';
import { useCan } from '../../../lib/use-session';

/** Where withdrawals go, or the way to add or verify an account first. */
export function DefaultAccountCard({ account }: { account: WalletSummary['bankAccount'] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Adding an account is `bankbook.manage` (owners); a view-only member is not offered the form.
  const canAddAccount = useCan()('bankbook.manage');
  const toBankbooks = (
    <Button onClick={() => void navigate('../bankbook', { relative: 'path' })}>{t('wallet.manageAccounts')}</Button>
  );

  return (
    <Card title={<h2 className="wallet-card-title">{t('wallet.account')}</h2>} extra={account ? toBankbooks : null}>
      {account ? (
        <div data-testid="wallet-account">
          <div className="wallet-account-bank">
            {account.bankName} <span className="wallet-muted">({account.bankCode})</span>{' '}
            <Tag color={verificationColors[account.verification]}>
              {t(`wallet.verification.${account.verification}`)}
            </Tag>
          </div>
          <div className="wallet-account-number">{account.accountNumber}</div>
          <div className="wallet-muted">{account.holder}</div>
          {account.verification !== 'verified' ? (
            <p className="wallet-account-hint">{t('wallet.accountNotVerified')}</p>
          ) : null}
        </div>
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={canAddAccount ? t('wallet.noAccount') : t('wallet.noAccountReadOnly')}
        >
          {canAddAccount ? (
            <Button type="primary" onClick={() => void navigate('../bankbook/create', { relative: 'path' })}>
              {t('wallet.addAccount')}
            </Button>
          ) : null}
        </Empty>
      )}
    </Card>
  );
}
