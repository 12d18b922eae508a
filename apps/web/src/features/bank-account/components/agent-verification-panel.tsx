import type { AdminBankAccount } from '@sbo/contracts';
import { Button, Card, Empty, List, Segmented, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { useAgentBankbooks, type VerificationDecision, type VerificationFilter } from '../api/agent-bankbooks';
import { LoadingOrFailed } from '../../../components/ui/loading-or-failed';
import { VerificationTag } from './verification-tag';
import { VerifyDialog } from './verify-dialog';

const filters: VerificationFilter[] = ['verifying', 'verifyFailed', 'verified', 'all'];

/** Service agents (root) only: every merchant's accounts, verified or rejected with a note. */
export function AgentVerificationPanel() {
  const { t } = useTranslation();
  const clock = useMerchantClock();
  const [filter, setFilter] = useState<VerificationFilter>('verifying');
  const [deciding, setDeciding] = useState<{
    account: AdminBankAccount;
    decision: VerificationDecision['verification'];
  } | null>(null);
  const accounts = useAgentBankbooks(filter, true);

  return (
    <Card
      className="bankbook-agent-panel"
      title={<h2 className="bankbook-panel-title">{t('bankbook.agent.title')}</h2>}
      data-testid="agent-verification"
    >
      <p className="bankbook-muted">{t('bankbook.agent.description')}</p>
      <Segmented<VerificationFilter>
        value={filter}
        onChange={setFilter}
        options={filters.map((value) => ({ value, label: t(`bankbook.agent.filter.${value}`) }))}
        className="bankbook-agent-filter"
      />
      <LoadingOrFailed
        query={accounts}
        failedTitle={t('bankbook.loadFailed')}
        loading={<Spin className="bankbook-agent-loading" />}
        withReason
      />
      {accounts.data ? (
        <List
          dataSource={accounts.data}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bankbook.agent.empty')} /> }}
          renderItem={(account) => (
            <List.Item
              data-testid="agent-bankbook"
              actions={[
                <Button
                  key="verify"
                  type="primary"
                  size="small"
                  disabled={account.verification === 'verified'}
                  onClick={() => setDeciding({ account, decision: 'verified' })}
                >
                  {t('bankbook.agent.verify')}
                </Button>,
                <Button
                  key="fail"
                  danger
                  size="small"
                  disabled={account.verification === 'verifyFailed'}
                  onClick={() => setDeciding({ account, decision: 'verifyFailed' })}
                >
                  {t('bankbook.agent.fail')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={
                  <Space wrap size={4}>
                    <span>{account.companyName}</span>
                    <VerificationTag verification={account.verification} />
                  </Space>
                }
                description={
                  <>
                    <div>
                      {account.bankName} ({account.bankCode}) · {account.accountNumber}
                    </div>
                    <div>
                      {account.holder} · {account.holderIdNumber} · {clock.dateTime(account.updatedAt)}
                    </div>
                    {account.verificationNote ? <div>{account.verificationNote}</div> : null}
                  </>
                }
              />
            </List.Item>
          )}
        />
      ) : null}
      <VerifyDialog
        account={deciding?.account ?? null}
        decision={deciding?.decision ?? 'verified'}
        onClose={() => setDeciding(null)}
      />
    </Card>
  );
}
