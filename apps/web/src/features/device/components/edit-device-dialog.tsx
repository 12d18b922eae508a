import type { DeviceInfo, DeviceUpdate } from '@sbo/contracts';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, describeError } from '../../../lib/api-errors';
import { showMessage, toast } from '../../../lib/messages';
import { useProductOptions } from '../api/filter-options';
import { useUpdateDevice } from '../api/update-device';
import { useDevicePermissions } from '../utils/permissions';

type EditDeviceDialogProps = { device: DeviceInfo; open: boolean; onClose: () => void };
type FormValues = { name: string; productId: number | null };

/** Name and product (the product only for AB3, AB2 and AY: spec section 5). */
export function EditDeviceDialog({ device, open, onClose }: EditDeviceDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const { readProducts } = useDevicePermissions();
  const productChange = device.features.productChange && readProducts;
  const products = useProductOptions(open && productChange);
  const update = useUpdateDevice(device.id);

  const submit = (values: FormValues) => {
    const change: DeviceUpdate = {};
    if (values.name.trim() !== device.name) change.name = values.name.trim();
    const productChanged = productChange && values.productId !== (device.product?.id ?? null);
    if (productChanged) change.productId = values.productId;
    if (Object.keys(change).length === 0) return onClose();
    update.mutate(change, {
      onSuccess: () => {
        toast.success(productChanged ? t('devices.edit.productChanged') : t('devices.edit.saved'));
        onClose();
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || error.shown) return;
        if (productChanged) toast.error(`${t('devices.edit.productChangeFailed')} (${error.message})`);
        else void showMessage({ type: 'error', content: describeError(error) });
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('devices.edit.title')}
      okText={update.isPending ? t('devices.remote.waiting') : t('devices.edit.save')}
      okButtonProps={{ loading: update.isPending, htmlType: 'submit', form: 'edit-device' }}
      cancelButtonProps={{ disabled: update.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<FormValues>
        id="edit-device"
        form={form}
        layout="vertical"
        initialValues={{ name: device.name, productId: device.product?.id ?? null }}
        onFinish={submit}
      >
        <Form.Item
          name="name"
          label={t('devices.field.name')}
          rules={[
            { required: true, whitespace: true, message: t('devices.edit.nameRequired') },
            { max: 50, message: t('devices.edit.nameTooLong') },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        {productChange ? (
          <Form.Item name="productId" label={t('devices.field.product')} extra={t('devices.edit.productHelp')}>
            <Select
              allowClear
              loading={products.isLoading}
              placeholder={t('devices.edit.noProduct')}
              options={(products.data ?? []).map((product) => ({ value: product.id, label: product.name }))}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
