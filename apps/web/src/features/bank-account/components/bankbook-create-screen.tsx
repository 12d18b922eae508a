import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { toast } from '../../../lib/messages';
import { useCreateBankbook } from '../api/save-bankbook';
import { BankbookForm, type BankbookFormValues } from './bankbook-form';
import './bankbook.css';

/** `wallet/bankbook/create`: a new account starts in verification. */
export function BankbookCreateScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateBankbook();

  const submit = async (values: BankbookFormValues) => {
    const created = await create.mutateAsync({ ...values, holderIdNumber: values.holderIdNumber ?? '' });
    toast.success(t('bankbook.created'));
    await navigate(`../${created.id}`, { relative: 'path', replace: true });
  };

  return (
    <>
      <PageHeader title={t('screen.bankbookCreate')} description={t('bankbook.createDescription')} />
      <BankbookForm submitting={create.isPending} onSubmit={submit} cancelTo=".." />
    </>
  );
}
