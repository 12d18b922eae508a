import { credentialProviders, paymentCredentialsInput, type CredentialProvider } from '@sbo/contracts';
import { Alert, Button, Card, Descriptions, Form, Input, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RetryButton } from '../../../components/ui/retry-button';
import { fieldErrors, type FieldPath } from '../../../lib/contract-form';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { toast } from '../../../lib/messages';
import { useMerchantProfile } from '../../../lib/use-session';
import {
  usePaymentCredentials,
  useSavePaymentCredentials,
  type PaymentCredentialsInput,
  type PaymentCredentialsState,
} from '../api/payment-credentials';
import { confirmReplacement, providerNames } from '../utils/credentials';

/** The merchant's payment-provider credentials, entered by a service agent; the api stores the secret encrypted. */
export function PaymentCredentialsCard() {
  const { t } = useTranslation();
  const company = useMerchantProfile()?.businessInfo.companyName ?? '';
  return (
    <Card title={t('admin.credentials.title', { company })} size="small" className="admin-credentials">
      <p className="admin-note">{t('admin.credentials.intro')}</p>
      {credentialProviders.map((provider) => (
        <ProviderCredentials key={provider} provider={provider} />
      ))}
    </Card>
  );
}

function ProviderCredentials({ provider }: { provider: CredentialProvider }) {
  const { t } = useTranslation();
  const state = usePaymentCredentials(provider);
  const name = providerNames[provider];

  let body;
  if (state.isPending) body = <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  else if (state.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('admin.credentials.failed', { provider: name })}
        action={<RetryButton size="small" onRetry={state.refetch} retrying={state.isFetching} />}
      />
    );
  else body = <CredentialsForm provider={provider} current={state.data} />;

  return (
    <section className="admin-provider" aria-label={name} data-testid={`credentials-${provider}`}>
      <h3 className="admin-provider-name">{name}</h3>
      {body}
    </section>
  );
}

function CredentialsForm({ provider, current }: { provider: CredentialProvider; current: PaymentCredentialsState }) {
  const { t } = useTranslation();
  const clock = useMerchantClock();
  const [form] = Form.useForm<PaymentCredentialsInput>();
  const save = useSavePaymentCredentials(provider);
  const name = providerNames[provider];

  const submit = async () => {
    // Errors set by hand stay until cleared: a valid entry starts clean.
    form.setFields([
      { name: 'channelId', errors: [] },
      { name: 'channelSecret', errors: [] },
    ]);
    const parsed = paymentCredentialsInput.safeParse(form.getFieldsValue());
    if (!parsed.success) {
      const labelOf = (path: FieldPath) => t(`admin.credentials.${String(path[0])}`);
      form.setFields(
        fieldErrors(parsed.error.issues, labelOf).map(({ name, errors }) => ({
          name: name[0] === 'channelId' ? 'channelId' : 'channelSecret',
          errors,
        })),
      );
      return;
    }
    if (!(await confirmReplacement(provider, current))) return;
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        form.setFieldsValue({ channelId: saved.channelId ?? '', channelSecret: '' });
        toast.success(t('admin.credentials.saved', { provider: name }));
      },
    });
  };

  return (
    <>
      <Descriptions
        size="small"
        column={1}
        className="admin-provider-state"
        items={[
          {
            key: 'state',
            label: t('admin.credentials.state'),
            children: current.set ? (
              <Tag color="green">{t('admin.credentials.set')}</Tag>
            ) : (
              <Tag color="orange">{t('admin.credentials.notSet')}</Tag>
            ),
          },
          { key: 'channelId', label: t('admin.credentials.channelId'), children: current.channelId ?? '—' },
          {
            key: 'updatedAt',
            label: t('admin.credentials.updatedAt'),
            children: current.updatedAt ? clock.dateTime(current.updatedAt) : '—',
          },
        ]}
      />
      <Form
        name={`credentials-${provider}`}
        form={form}
        layout="vertical"
        onFinish={() => void submit()}
        initialValues={{ channelId: current.channelId ?? '', channelSecret: '' }}
        disabled={save.isPending}
      >
        <Form.Item
          name="channelId"
          label={t('admin.credentials.channelId')}
          required
          extra={t('admin.credentials.channelIdRule')}
        >
          <Input maxLength={64} autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item
          name="channelSecret"
          label={t('admin.credentials.channelSecret')}
          required
          extra={t(current.set ? 'admin.credentials.secretReplaceHint' : 'admin.credentials.secretHint')}
        >
          <Input.Password maxLength={256} autoComplete="new-password" spellCheck={false} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t(current.set ? 'admin.credentials.replace' : 'admin.credentials.save')}
        </Button>
      </Form>
    </>
  );
}
