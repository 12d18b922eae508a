import type { MerchantInfoUpdate } from '@sbo/contracts';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoading } from '../../../components/ui/page-loading';
import { StatusPanel } from '../../../components/ui/status-panel';
import { toast } from '../../../lib/messages';
import './merchant.css';
import { useMerchantInfo, useUpdateMerchantInfo } from '../api/merchant-info';
import { useMerchantPaths } from './merchant-paths';
import { isValidTaiwanTaxId } from '@sbo/contracts/tax-id';

const fields = ['companyName', 'taxIDNumber', 'adminAddress', 'adminUsername', 'adminEmail', 'adminPhone'] as const;

/** `/user/merchant/edit`: the merchant's details, with the spec's success and failure toasts. */
export function MerchantEditScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useMerchantInfo();
  const update = useUpdateMerchantInfo();
  const paths = useMerchantPaths();
  const [form] = Form.useForm<MerchantInfoUpdate>();

  if (info.isPending) return <PageLoading />;
  if (info.isError) {
    return (
      <Card>
        <StatusPanel level={1} status="error" title={t('merchantInfo.loadFailed')} description={info.error.message} />
      </Card>
    );
  }
  const taiwan = info.data.country === 'TW';

  const save = (values: MerchantInfoUpdate) =>
    update.mutate(values, {
      onSuccess: () => {
        toast.success(t('merchantInfo.changeSucceeded'));
        void navigate(paths.info);
      },
      onError: () => toast.error(t('merchantInfo.changeFailed')),
    });

  return (
    <>
      <PageHeader title={t('screen.merchantEdit')} />
      <Card>
        {update.isError ? (
          <Alert
            type="error"
            showIcon
            className="merchant-error"
            title={t('merchantInfo.wrongInput')}
            description={update.error.message}
          />
        ) : null}
        <Form
          form={form}
          layout="vertical"
          initialValues={Object.fromEntries(fields.map((name) => [name, info.data[name]]))}
          onFinish={save}
          requiredMark
        >
          <Form.Item
            name="companyName"
            label={t('merchantInfo.companyName')}
            rules={[{ required: true, whitespace: true, message: t('merchantInfo.required') }]}
          >
            <Input maxLength={100} autoComplete="organization" />
          </Form.Item>
          <Form.Item
            name="taxIDNumber"
            label={t('merchantInfo.taxIDNumber')}
            extra={taiwan ? t('merchantInfo.taxIdHelp') : undefined}
            rules={[
              { required: true, whitespace: true, message: t('merchantInfo.required') },
              {
                // A unified business number has exactly 8 digits; the check digit is tried only then.
                validator: (_rule, value: string | undefined) => {
                  const number = value?.trim() ?? '';
                  if (!taiwan || !number) return Promise.resolve();
                  if (number.length !== 8) return Promise.reject(new Error(t('rule.exactLength', { length: 8 })));
                  return isValidTaiwanTaxId(number)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('merchantInfo.taxIdInvalid')));
                },
              },
            ]}
          >
            <Input maxLength={20} inputMode={taiwan ? 'numeric' : undefined} />
          </Form.Item>
          <Form.Item
            name="adminAddress"
            label={t('merchantInfo.adminAddress')}
            rules={[{ required: true, whitespace: true, message: t('merchantInfo.required') }]}
          >
            <Input maxLength={200} autoComplete="street-address" />
          </Form.Item>
          <Form.Item
            name="adminUsername"
            label={t('merchantInfo.adminUsername')}
            rules={[{ required: true, whitespace: true, message: t('merchantInfo.required') }]}
          >
            <Input maxLength={50} autoComplete="name" />
          </Form.Item>
          <Form.Item
            name="adminEmail"
            label={t('merchantInfo.adminEmail')}
            rules={[
              { required: true, message: t('merchantInfo.required') },
              { type: 'email', message: t('merchantInfo.emailInvalid') },
            ]}
          >
            <Input type="email" maxLength={254} autoComplete="email" />
          </Form.Item>
          <Form.Item
            name="adminPhone"
            label={t('merchantInfo.adminPhone')}
            rules={[
              { required: true, message: t('merchantInfo.required') },
              { pattern: /^\+?[0-9][0-9 -]{5,19}$/, message: t('merchantInfo.phoneInvalid') },
            ]}
          >
            <Input type="tel" maxLength={21} autoComplete="tel" />
          </Form.Item>
          <div className="form-actions">
            <Button onClick={() => void navigate(paths.info)}>{t('action.back')}</Button>
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              {t('merchantInfo.save')}
            </Button>
          </div>
        </Form>
      </Card>
    </>
  );
}
