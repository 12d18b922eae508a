import type { BankAccount, BankAccountUpdate } from '@sbo/contracts';
import { Alert, Button, Card, Checkbox, Form, Input, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-errors';
import { showMessage } from '../../../lib/messages';
import { formatRegion } from '../../../lib/format';
import { checkBankbookField, fieldOfErrorCode, type BankbookField } from './bankbook-rules';
import { useBankbookAccess } from './use-bankbook-access';

export type BankbookFormValues = Required<Omit<BankAccountUpdate, 'holderIdNumber'>> & { holderIdNumber?: string };

type BankbookFormProps = {
  /** The account being edited; absent when adding one. */
  account?: BankAccount;
  submitting: boolean;
  onSubmit: (values: BankbookFormValues) => Promise<unknown>;
  cancelTo: string;
};

const fields: Array<{ name: BankbookField; autoComplete?: string; inputMode?: 'numeric' }> = [
  { name: 'bankCode', inputMode: 'numeric' },
  { name: 'bankName', autoComplete: 'off' },
  { name: 'branch', autoComplete: 'off' },
  { name: 'accountNumber', inputMode: 'numeric', autoComplete: 'off' },
  { name: 'holder', autoComplete: 'name' },
  { name: 'holderIdNumber', autoComplete: 'off' },
];

/** Add or edit a bank account: the contracts' rules on each field, the server's refusals on theirs. */
export function BankbookForm({ account, submitting, onSubmit, cancelTo }: BankbookFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BankbookFormValues>();
  const { country } = useBankbookAccess();
  const editing = Boolean(account);
  const navigate = useNavigate();

  const rulesOf = (field: BankbookField): Rule[] => [
    {
      required: field !== 'branch' && !(editing && field === 'holderIdNumber'),
      message: t('bankbook.rule.required'),
    },
    {
      validator: async (_rule, value: string | undefined) => {
        const problem = checkBankbookField(field, value, country, editing && field === 'holderIdNumber');
        if (problem?.key === 'required') return;
        if (problem)
          throw new Error(
            t(problem.key.startsWith('rule.') ? problem.key : `bankbook.rule.${problem.key}`, {
              ...problem.values,
              country: formatRegion(country),
            }),
          );
      },
    },
  ];

  const submit = async (values: BankbookFormValues) => {
    const trimmed = Object.fromEntries(
      Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
    ) as BankbookFormValues;
    if (!trimmed.holderIdNumber) delete trimmed.holderIdNumber;
    try {
      await onSubmit(trimmed);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const field = fieldOfErrorCode(error.code);
      if (field) form.setFields([{ name: field, errors: [error.message] }]);
      else await showMessage({ type: 'error', content: error.message });
    }
  };

  return (
    <Card>
      <Form<BankbookFormValues>
        form={form}
        layout="vertical"
        className="bankbook-form"
        requiredMark="optional"
        initialValues={{
          bankCode: account?.bankCode ?? '',
          bankName: account?.bankName ?? '',
          branch: account?.branch ?? '',
          accountNumber: account?.accountNumber ?? '',
          holder: account?.holder ?? '',
          holderIdNumber: '',
          isDefault: account?.isDefault ?? false,
        }}
        onFinish={(values) => void submit(values)}
      >
        {editing ? (
          <Alert type="info" showIcon className="bankbook-form-note" title={t('bankbook.hint.recheck')} />
        ) : null}
        <div className="bankbook-form-grid">
          {fields.map(({ name, autoComplete, inputMode }) => (
            <Form.Item
              key={name}
              name={name}
              label={t(`bankbook.field.${name}`)}
              rules={rulesOf(name)}
              extra={
                name === 'holderIdNumber' && account
                  ? t('bankbook.hint.holderIdKeep', { masked: account.holderIdNumber })
                  : t(`bankbook.hint.${name}`, { defaultValue: '' }) || undefined
              }
              validateFirst
            >
              <Input autoComplete={autoComplete ?? 'off'} inputMode={inputMode} maxLength={80} />
            </Form.Item>
          ))}
        </div>
        <Form.Item name="isDefault" valuePropName="checked">
          <Checkbox disabled={account?.isDefault}>{t('bankbook.field.isDefault')}</Checkbox>
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={submitting} data-testid="bankbook-save">
            {t('bankbook.save')}
          </Button>
          <Button onClick={() => void navigate(cancelTo, { relative: 'path' })}>{t('alert.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
