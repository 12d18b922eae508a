import { cloudDeviceInput, machineTypeName, machineTypes } from '@sbo/contracts';
import { deviceModels } from '@sbo/contracts/mqtt';
import { Button, Card, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldErrors, type FieldPath } from '../../../lib/contract-form';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/messages';
import { useMerchantProfile } from '../../../lib/use-session';
import { useAdminPlaces, useCreateCloudDevice } from '../api/create-cloud-device';

const choosable = Object.values(machineTypes).filter((type) => type > 0);

/** A cloud device for the merchant the agent acts in: the slot a controller is later bound to. */
export function CreateCloudDeviceCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const create = useCreateCloudDevice();
  const places = useAdminPlaces();
  const company = useMerchantProfile()?.businessInfo.companyName ?? '';
  const language = currentLanguage();

  const submit = () => {
    const parsed = cloudDeviceInput.safeParse(form.getFieldsValue());
    if (!parsed.success) {
      const labelOf = (path: FieldPath) => t(`admin.cloudDevice.${String(path[0])}`);
      form.setFields(fieldErrors(parsed.error.issues, labelOf));
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (device) => {
        form.resetFields();
        toast.success(t('admin.cloudDevice.created', { name: device.name, id: device.id }));
      },
    });
  };

  return (
    <Card title={t('admin.cloudDevice.title', { company })} size="small">
      <Form
        name="cloudDevice"
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ model: deviceModels[0], machineType: machineTypes.WashOnly, placeId: null }}
      >
        <Form.Item name="name" label={t('admin.cloudDevice.name')} required>
          <Input maxLength={50} autoComplete="off" />
        </Form.Item>
        <Form.Item name="serialNum" label={t('admin.cloudDevice.serialNum')} required>
          <Input maxLength={64} autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item name="machineType" label={t('admin.cloudDevice.machineType')} required>
          <Select
            aria-label={t('admin.cloudDevice.machineType')}
            options={choosable.map((type) => ({ value: type, label: machineTypeName(type)[language] }))}
          />
        </Form.Item>
        <Form.Item name="model" label={t('admin.cloudDevice.model')} required>
          <Select
            aria-label={t('admin.cloudDevice.model')}
            options={deviceModels.map((model) => ({ value: model, label: model }))}
          />
        </Form.Item>
        <Form.Item name="placeId" label={t('admin.cloudDevice.placeId')}>
          <Select
            aria-label={t('admin.cloudDevice.placeId')}
            showSearch={{ optionFilterProp: 'label' }}
            loading={places.isPending}
            options={[
              { value: null, label: t('admin.cloudDevice.noPlace') },
              ...(places.data?.items ?? []).map((place) => ({ value: place.id, label: place.title })),
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('admin.cloudDevice.create')}
        </Button>
      </Form>
    </Card>
  );
}
