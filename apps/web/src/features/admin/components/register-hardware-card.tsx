import { hardwareRegistration } from '@sbo/contracts';
import { deviceModels } from '@sbo/contracts/mqtt';
import { Button, Card, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldErrors, type FieldPath } from '../../../lib/contract-form';
import { useRegisterHardware, type HardwareRegistration } from '../api/hardware-secrets';
import { showSecret } from './show-secret';

/** Registers a controller by hardware id and model, then shows its secret once. */
export function RegisterHardwareCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm<HardwareRegistration>();
  const register = useRegisterHardware();

  const submit = () => {
    const parsed = hardwareRegistration.safeParse(form.getFieldsValue());
    if (!parsed.success) {
      const labelOf = (path: FieldPath) => t(`admin.hardware.${String(path[0])}`);
      form.setFields(
        fieldErrors(parsed.error.issues, labelOf).map(({ name, errors }) => ({
          name: name[0] === 'model' ? 'model' : 'hwid',
          errors: name[0] === 'hwid' && form.getFieldValue('hwid') ? [t('admin.hardware.hwidRule')] : errors,
        })),
      );
      return;
    }
    register.mutate(parsed.data, {
      onSuccess: (hardware) => {
        form.resetFields();
        void showSecret(hardware, 'admin.secret.registered');
      },
    });
  };

  return (
    <Card title={t('admin.hardware.register')} size="small">
      <Form
        name="registerHardware"
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ model: deviceModels[0] }}
      >
        <Form.Item name="hwid" label={t('admin.hardware.hwid')} required extra={t('admin.hardware.hwidRule')}>
          <Input maxLength={64} autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item name="model" label={t('admin.hardware.model')} required>
          <Select
            aria-label={t('admin.hardware.model')}
            options={deviceModels.map((model) => ({ value: model, label: model }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('admin.hardware.registerAction')}
        </Button>
      </Form>
    </Card>
  );
}
