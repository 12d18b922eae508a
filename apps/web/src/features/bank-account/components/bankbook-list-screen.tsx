import { PlusOutlined } from '@ant-design/icons';
import type { BankAccount } from '@sbo/contracts';
import { Button, Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoading } from '../../../components/ui/page-loading';
import { showMessage, toast } from '../../../lib/messages';
import { useBankbookList } from '../api/bankbook-list';
import { useSetDefaultBankbook } from '../api/save-bankbook';
import { AgentVerificationPanel } from './agent-verification-panel';
import { BankbookCard } from './bankbook-card';
import { LoadingOrFailed } from '../../../components/ui/loading-or-failed';
import { useBankbookAccess } from './use-bankbook-access';
import './bankbook.css';

/** `wallet/bankbook`: the merchant's accounts; service agents also verify accounts here. */
export function BankbookListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canManage, isAgent } = useBankbookAccess();
  const accounts = useBankbookList();
  const setDefault = useSetDefaultBankbook();

  const confirmDefault = async (account: BankAccount) => {
    const confirmed = await showMessage({
      title: t('bankbook.setDefault'),
      content: t('bankbook.setDefaultConfirm', { bank: account.bankName, account: account.accountNumber }),
      cancel: true,
    });
    if (!confirmed) return;
    await setDefault.mutateAsync(account);
    toast.success(t('bankbook.defaultSet'));
  };

  const addButton = canManage ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('create', { relative: 'path' })}>
      {t('bankbook.add')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader title={t('screen.bankbookList')} description={t('bankbook.listDescription')} extra={addButton} />
      <LoadingOrFailed query={accounts} failedTitle={t('bankbook.loadFailed')} loading={<PageLoading />} withReason />
      {accounts.data?.length === 0 ? (
        <Card>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bankbook.empty')}>
            {addButton}
          </Empty>
        </Card>
      ) : null}
      {accounts.data?.length ? (
        <div className="bankbook-list">
          {accounts.data.map((account) => (
            <BankbookCard
              key={account.id}
              account={account}
              canManage={canManage}
              onSetDefault={(chosen) => void confirmDefault(chosen).catch(() => undefined)}
            />
          ))}
        </div>
      ) : null}
      {isAgent ? <AgentVerificationPanel /> : null}
    </>
  );
}
