import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoading } from '../../../components/ui/page-loading';
import { toast } from '../../../lib/messages';
import { useBankbook } from '../api/bankbook-detail';
import { useUpdateBankbook } from '../api/save-bankbook';
import { BankbookForm, type BankbookFormValues } from './bankbook-form';
import { LoadFailed } from '../../../components/ui/load-failed';
import './bankbook.css';

/** `wallet/bankbook/{id}/edit`: the ID number may stay as stored (it is only shown masked). */
export function BankbookEditScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().bankbookID);
  const account = useBankbook(id);
  const update = useUpdateBankbook(id);

  const submit = async (values: BankbookFormValues) => {
    await update.mutateAsync(values);
    toast.success(t('bankbook.saved'));
    await navigate('..', { relative: 'path', replace: true });
  };

  return (
    <>
      <PageHeader title={t('screen.bankbookEdit')} />
      {account.isPending ? <PageLoading /> : null}
      {account.isError ? (
        <LoadFailed title={t('bankbook.loadFailed')} description={account.error.message} onRetry={account.refetch} />
      ) : null}
      {account.data ? (
        <BankbookForm account={account.data} submitting={update.isPending} onSubmit={submit} cancelTo=".." />
      ) : null}
    </>
  );
}
