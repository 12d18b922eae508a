import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import type { BankAccount } from '@sbo/contracts';
import { Alert, Button, Card, Descriptions, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoading } from '../../../components/ui/page-loading';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { showMessage, toast } from '../../../lib/messages';
import type { VerificationDecision } from '../api/agent-bankbooks';
import { useBankbook } from '../api/bankbook-detail';
import { useSetDefaultBankbook } from '../api/save-bankbook';
import { LoadFailed } from '../../../components/ui/load-failed';
import { useBankbookAccess } from './use-bankbook-access';
import { VerificationTag } from './verification-tag';
import { VerifyDialog } from './verify-dialog';
import './bankbook.css';

function VerificationNotice({ account }: { account: BankAccount }) {
  const { t } = useTranslation();
  if (account.verification === 'verified') return null;
  const failed = account.verification === 'verifyFailed';
  return (
    <Alert
      className="bankbook-notice"
      type={failed ? 'error' : 'info'}
      showIcon
      title={t(failed ? 'bankbook.failedNotice' : 'bankbook.verifyingNotice')}
      description={failed && account.verificationNote ? account.verificationNote : undefined}
    />
  );
}

/** `wallet/bankbook/{id}`: one account, its verification, and what may be done with it. */
export function BankbookDetailScreen() {
  const { t } = useTranslation();
  const clock = useMerchantClock();
  const navigate = useNavigate();
  const id = Number(useParams().bankbookID);
  const { canManage, isAgent } = useBankbookAccess();
  const account = useBankbook(id);
  const setDefault = useSetDefaultBankbook();
  const [decision, setDecision] = useState<VerificationDecision['verification'] | null>(null);

  const makeDefault = async (chosen: BankAccount) => {
    const confirmed = await showMessage({
      title: t('bankbook.setDefault'),
      content: t('bankbook.setDefaultConfirm', { bank: chosen.bankName, account: chosen.accountNumber }),
      cancel: true,
    });
    if (!confirmed) return;
    await setDefault.mutateAsync(chosen);
    toast.success(t('bankbook.defaultSet'));
  };

  const data = account.data;
  const actions = (
    <Space wrap>
      <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('..', { relative: 'path' })}>
        {t('bankbook.backToList')}
      </Button>
      {data && canManage && !data.isDefault ? (
        <Button onClick={() => void makeDefault(data).catch(() => undefined)}>{t('bankbook.setDefault')}</Button>
      ) : null}
      {data && canManage ? (
        <Button type="primary" icon={<EditOutlined />} onClick={() => void navigate('edit', { relative: 'path' })}>
          {t('action.edit')}
        </Button>
      ) : null}
    </Space>
  );

  return (
    <>
      <PageHeader title={t('screen.bankbookDetail')} extra={actions} />
      {account.isPending ? <PageLoading /> : null}
      {account.isError ? (
        <LoadFailed title={t('bankbook.loadFailed')} description={account.error.message} onRetry={account.refetch} />
      ) : null}
      {data ? (
        <>
          <VerificationNotice account={data} />
          <Card>
            <Descriptions column={{ xs: 1, sm: 1, md: 2 }} bordered size="small">
              <Descriptions.Item label={t('bankbook.field.bankName')}>
                {data.bankName} ({data.bankCode})
              </Descriptions.Item>
              <Descriptions.Item label={t('bankbook.field.branch')}>{data.branch || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('bankbook.field.accountNumber')}>{data.accountNumber}</Descriptions.Item>
              <Descriptions.Item label={t('bankbook.field.holder')}>{data.holder}</Descriptions.Item>
              <Descriptions.Item label={t('bankbook.field.holderIdNumber')}>{data.holderIdNumber}</Descriptions.Item>
              <Descriptions.Item label={t('bankbook.field.verification')}>
                <Space size={4} wrap>
                  <VerificationTag verification={data.verification} />
                  {data.isDefault ? <Tag color="blue">{t('bankbook.default')}</Tag> : null}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t('bankbook.field.verificationNote')}>
                {data.verificationNote || '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('bankbook.field.updatedAt')}>
                {clock.dateTime(data.updatedAt)}
              </Descriptions.Item>
            </Descriptions>
            {isAgent ? (
              <Space wrap className="bankbook-agent-actions">
                <Button type="primary" onClick={() => setDecision('verified')}>
                  {t('bankbook.agent.verify')}
                </Button>
                <Button danger onClick={() => setDecision('verifyFailed')}>
                  {t('bankbook.agent.fail')}
                </Button>
              </Space>
            ) : null}
          </Card>
          {isAgent ? (
            <VerifyDialog
              account={decision ? data : null}
              decision={decision ?? 'verified'}
              onClose={() => setDecision(null)}
            />
          ) : null}
        </>
      ) : null}
    </>
  );
}
