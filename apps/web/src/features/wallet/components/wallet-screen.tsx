import { HistoryOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Statistic, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FigureCards } from '../../../components/ui/figure-cards';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoading } from '../../../components/ui/page-loading';
import { LoadFailed } from '../../../components/ui/load-failed';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useMerchantProfile } from '../../../lib/use-session';
import { useWalletSummary } from '../api/wallet-summary';
import { DefaultAccountCard } from './default-account-card';
import { WithdrawDialog } from './withdraw-dialog';
import './wallet.css';

/** `wallet/withdraw`: what the merchant has, what a withdrawal would transfer, and where to. */
export function WalletScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWithdraw = useMerchantProfile()?.permissions.includes('wallet.withdraw') ?? false;
  const summary = useWalletSummary();
  const [idempotencyKey, setIdempotencyKey] = useState<string | null>(null);
  const data = summary.data;
  const money = (value: number) => formatMoney(value, data?.currency ?? 'TWD');

  const toRecords = (
    <Button icon={<HistoryOutlined />} onClick={() => void navigate('../withdraw-record', { relative: 'path' })}>
      {t('wallet.records')}
    </Button>
  );
  const ready = data ? data.withdrawable > 0 && data.bankAccount?.verification === 'verified' : false;
  // Without a payout provider on the server, nothing can be withdrawn: no button is offered.
  const payoutsSetUp = data?.payoutProvider != null;

  return (
    <>
      <PageHeader title={t('screen.walletWithdraw')} extra={toRecords} />
      {summary.isPending ? <PageLoading /> : null}
      {summary.isError ? (
        <LoadFailed title={t('wallet.loadFailed')} description={summary.error.message} onRetry={summary.refetch} />
      ) : null}
      {data ? (
        <div className="wallet-layout">
          {data.payoutProvider === null ? (
            <Alert
              type="info"
              showIcon
              data-testid="payouts-not-set-up"
              title={t('wallet.payoutsNotSetUpTitle')}
              description={t('wallet.payoutsNotSetUpText')}
            />
          ) : null}
          {data.payoutProvider?.sandbox ? (
            <Alert
              type="warning"
              showIcon
              data-testid="sandbox-label"
              title={t('wallet.sandboxTitle')}
              description={t('wallet.sandboxText', { name: data.payoutProvider.name })}
            />
          ) : null}
          <Card className="wallet-hero">
            <Statistic title={t('wallet.withdrawable')} value={money(data.withdrawable)} data-testid="withdrawable" />
            <div className="wallet-hero-side">
              <span className="wallet-muted">
                {t('wallet.transactionCount', { formatted: formatNumber(data.transactionCount) })}
              </span>
              {!payoutsSetUp ? null : canWithdraw ? (
                <Button
                  type="primary"
                  size="large"
                  disabled={!ready}
                  onClick={() => setIdempotencyKey(crypto.randomUUID())}
                  data-testid="withdraw-button"
                >
                  {t('wallet.withdraw')}
                </Button>
              ) : (
                <Tag>{t('wallet.readOnly')}</Tag>
              )}
              {payoutsSetUp && canWithdraw && !ready ? (
                <span className="wallet-muted">
                  {t(data.withdrawable > 0 ? 'wallet.needVerifiedAccount' : 'wallet.nothingToWithdraw')}
                </span>
              ) : null}
            </div>
          </Card>
          <FigureCards
            className="wallet-figures"
            figures={[
              { key: 'inSettlement', title: t('wallet.inSettlement'), value: money(data.inSettlement) },
              { key: 'processing', title: t('wallet.processing'), value: money(data.processing) },
              { key: 'withdrawn', title: t('wallet.withdrawn'), value: money(data.withdrawn) },
            ]}
          />
          <Card title={<h2 className="wallet-card-title">{t('wallet.breakdown')}</h2>}>
            <dl className="wallet-breakdown">
              <dt>{t('wallet.settlementAmount')}</dt>
              <dd>{money(data.settlementAmount)}</dd>
              <dt>{t('wallet.totalFee')}</dt>
              <dd>− {money(data.totalFee)}</dd>
              <dt>{t('wallet.withdrawable')}</dt>
              <dd>{money(data.withdrawable)}</dd>
              <dt>{t('wallet.withdrawFee')}</dt>
              <dd>− {money(data.withdrawFee)}</dd>
              <dt className="wallet-breakdown-total">{t('wallet.totalAmount')}</dt>
              <dd className="wallet-breakdown-total" data-testid="total-amount">
                {money(data.totalAmount)}
              </dd>
            </dl>
          </Card>
          <DefaultAccountCard account={data.bankAccount} />
          {payoutsSetUp ? (
            <WithdrawDialog summary={data} idempotencyKey={idempotencyKey} onClose={() => setIdempotencyKey(null)} />
          ) : null}
        </div>
      ) : null}
    </>
  );
}
